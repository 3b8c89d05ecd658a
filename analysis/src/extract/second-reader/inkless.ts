import sharp from 'sharp';
import type { ToSource } from '../photo-fix';

/**
 * A photo's page with a pen's and a stamp's colour taken out, for the second reader's crops of
 * words the coloured ink crosses (decision 265). Stamps and ballpoint pens are blue, violet or
 * green dye: over paper a pixel is coloured, over black print it stays dark, so the brightest of
 * a pixel's three channels is near paper where only the mark is and near black where print is,
 * under the mark or not. Black print keeps its grey; red print (a lab's abnormal result) is left
 * as it is, since its brightest channel is its red, as light as paper.
 * Only crops are cut from it, never the page OCR reads (decision 161: a page printing its headings
 * in thin blue type would lose them), and only where the ink map saw coloured ink on the crop.
 */
export interface ColourSource {
  /** The file's bytes, decoded again only when a crop is wanted. */
  bytes: Buffer;
  /** The width OCR's image was made at, before any clean-up (extract/image.ts). */
  width: number;
  /** Where a point of OCR's image is on that copy (the clean-up's warp, tesseract's levelling). */
  toSource?: ToSource;
}

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface ColourImage {
  /** Red, green and blue per pixel. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** The photo at OCR's scale before its clean-up, in colour (decoded only when crops are wanted). */
export async function colourPage(source: ColourSource): Promise<ColourImage> {
  const { data, info } = await sharp(source.bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize({ width: source.width, kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Of a crop's strongly coloured pixels, fewer than this is no mark (a JPEG's colour specks). */
const MIN_MARK_PIXELS = 12;

/**
 * A rectangle of the photo in grey with the mark's ink taken out. Light through dye and print is
 * absorbed by each in turn, so a pixel's optical density per channel (against the crop's paper)
 * is the print's, equal in the three channels (black toner), plus the mark's, in its own colour's
 * proportions. The part of the density that is not the same in all three channels is the mark's
 * colour; the mark's own grey part is that times the mark's ratio of grey to colour, measured on
 * the crop's pixels where the mark lies on paper (most of a stroke: the median). What is left is
 * the print. Red print, whose colour is a red lead, is a lab's mark and is not taken out.
 */
export function withoutMarks(
  img: ColourImage,
  r: { x0: number; x1: number; y0: number; y1: number },
): GreyImage {
  const width = r.x1 - r.x0;
  const height = r.y1 - r.y0;
  const n = width * height;
  const channels = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = ((r.y0 + y) * img.width + r.x0 + x) * 3;
      for (let c = 0; c < 3; c++) channels[c][y * width + x] = img.data[p + c];
    }
  // The paper: each channel's 90th percentile (most of a word's crop is paper).
  const paper = channels.map((ch) => Math.max(1, [...ch].sort((a, b) => a - b)[Math.floor(n * 0.9)]));
  const grey = new Float32Array(n);
  const colour = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const od = channels.map((ch, c) => Math.max(0, -Math.log(Math.max(1, ch[i]) / paper[c])));
    const mean = (od[0] + od[1] + od[2]) / 3;
    const res = od.map((d) => d - mean);
    grey[i] = mean;
    // Red print absorbs least in red: not a mark.
    colour[i] = res[0] <= Math.min(res[1], res[2]) ? 0 : Math.hypot(res[0], res[1], res[2]);
  }
  const strong = [];
  for (let i = 0; i < n; i++) if (colour[i] > 0.25) strong.push(grey[i] / colour[i]);
  const data = new Uint8Array(n);
  if (strong.length < MIN_MARK_PIXELS) {
    for (let i = 0; i < n; i++) data[i] = Math.round(255 * Math.exp(-grey[i]));
    return { data, width, height };
  }
  const ratio = strong.sort((a, b) => a - b)[Math.floor(strong.length / 2)];
  for (let i = 0; i < n; i++) data[i] = Math.round(255 * Math.exp(-Math.max(0, grey[i] - ratio * colour[i])));
  return { data, width, height };
}
