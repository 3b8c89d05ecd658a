import sharp from 'sharp';
import type { ToSource } from './photo-fix';

/**
 * The colour of the ink a word is printed in. Most Indian labs print an abnormal result in red
 * (often with an arrow, sometimes without), so a red result is the lab's own flag. OCR reads a
 * grey copy of the page; this keeps a small colour copy, at half the OCR image's width, to look
 * at each word's box in.
 */
export interface InkMap {
  /** Per pixel: 0 paper, 1 dark neutral ink, 2 red ink, 3 other coloured ink. */
  data: Uint8Array;
  width: number;
  height: number;
  /** OCR image pixels per map pixel. */
  scale: number;
  /**
   * Where a point of the OCR image is on the original (at the OCR image's scale), when OCR reads a
   * corrected copy: a cleaned-up photo warped and levelled, or a tilted one tesseract levels.
   */
  toSource?: ToSource;
  /** Of the page's ink, the share in colours other than red: a page printed in colour, not marked over. */
  colouredShare: number;
}

export type InkColour = 'red' | 'coloured' | 'black';

const SCALE = 2;

/**
 * The page's ink by colour, from the original image at half the width OCR reads it at before any
 * correction (`width`): a word's box is mapped back through the correction OCR's copy went
 * through (`toSource`: the clean-up's warp and levelling, or tesseract's levelling) and halved.
 */
export async function inkMap(
  bytes: Buffer,
  ocrWidth: number,
  limitInputPixels: number,
  toSource?: ToSource,
): Promise<InkMap> {
  const width = Math.max(1, Math.round(ocrWidth / SCALE));
  const { data, info } = await sharp(bytes, { limitInputPixels })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize({ width, kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  const out = new Uint8Array(info.width * info.height);
  for (let i = 0, p = 0; i < out.length; i++, p += channels) {
    const r = data[p];
    const g = data[p + 1];
    const b = data[p + 2];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const light = (r * 299 + g * 587 + b * 114) / 1000;
    const chroma = max - min;
    if (chroma >= 50 && light < 210) {
      // Red: red well above both others (a stamp's blue or a highlighter's yellow is not).
      out[i] = r === max && r - Math.max(g, b) >= 40 ? 2 : 3;
    } else if (light < 120) out[i] = 1;
  }
  const count = [0, 0, 0, 0];
  for (const v of out) count[v]++;
  const ink = count[1] + count[2] + count[3];
  return {
    data: out,
    width: info.width,
    height: info.height,
    scale: SCALE,
    colouredShare: ink ? count[3] / ink : 0,
    ...(toSource ? { toSource } : {}),
  };
}

/** A box of the OCR image as a rectangle of the map (mapped back through the correction, halved). */
function mapRect(map: InkMap, box: { x0: number; y0: number; x1: number; y1: number }, pad = 0) {
  // A corrected copy's box: its centre mapped back, its size kept (a word is a few degrees off
  // level at most, so its box on the original is the same size to within a pixel or two).
  const [cx, cy] = map.toSource?.((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2) ?? [
    (box.x0 + box.x1) / 2,
    (box.y0 + box.y1) / 2,
  ];
  const hw = (box.x1 - box.x0) / 2 + pad;
  const hh = (box.y1 - box.y0) / 2;
  return {
    x0: Math.max(0, Math.floor((cx - hw) / map.scale)),
    x1: Math.min(map.width, Math.ceil((cx + hw) / map.scale)),
    y0: Math.max(0, Math.floor((cy - hh) / map.scale)),
    y1: Math.min(map.height, Math.ceil((cy + hh) / map.scale)),
  };
}

function countInk(map: InkMap, r: ReturnType<typeof mapRect>): number[] {
  const count = [0, 0, 0, 0];
  for (let y = r.y0; y < r.y1; y++) {
    const row = y * map.width;
    for (let x = r.x0; x < r.x1; x++) count[map.data[row + x]]++;
  }
  return count;
}

/** Above this share of coloured ink, the page is printed in colour: a stamp and a few strokes are less. */
const MARKED_MAX_SHARE = 0.3;

/**
 * A word with coloured ink across it or just beside it (a pen stroke, a stamp's ring over a result):
 * its digits may be hidden or read from the stroke. The box is widened by its height on each side,
 * as a stroke that hid a digit lies where that digit was, outside the box of what was read.
 */
export function inkedOver(map: InkMap, box: { x0: number; y0: number; x1: number; y1: number }): boolean {
  // A page printed partly in colour (a blue letterhead, blue values): colour is not a mark there.
  if (map.colouredShare > MARKED_MAX_SHARE) return false;
  const count = countInk(map, mapRect(map, box, box.y1 - box.y0));
  return count[3] >= 6 && count[3] >= (count[1] + count[2]) * 0.08;
}

/**
 * The colour a word in the OCR image's box is printed in: red when 40 % of its ink is (a WhatsApp
 * JPEG halves the colour resolution, so a thin red stroke keeps its red only at its core), another
 * colour when half is, black otherwise; null when the box holds too little ink to tell.
 */
export function inkColour(
  map: InkMap,
  box: { x0: number; y0: number; x1: number; y1: number },
): InkColour | null {
  const count = countInk(map, mapRect(map, box));
  const ink = count[1] + count[2] + count[3];
  if (ink < 6) return null;
  if (count[2] >= ink * 0.4) return 'red';
  if (count[3] >= ink * 0.5) return 'coloured';
  return 'black';
}
