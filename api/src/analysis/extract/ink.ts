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
  return { data: out, width: info.width, height: info.height, scale: SCALE, ...(toSource ? { toSource } : {}) };
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
  // A corrected copy's box: its centre mapped back, its size kept (a word is a few degrees off
  // level at most, so its box on the original is the same size to within a pixel or two).
  const [cx, cy] = map.toSource?.((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2) ?? [
    (box.x0 + box.x1) / 2,
    (box.y0 + box.y1) / 2,
  ];
  const hw = (box.x1 - box.x0) / 2;
  const hh = (box.y1 - box.y0) / 2;
  const x0 = Math.max(0, Math.floor((cx - hw) / map.scale));
  const x1 = Math.min(map.width, Math.ceil((cx + hw) / map.scale));
  const y0 = Math.max(0, Math.floor((cy - hh) / map.scale));
  const y1 = Math.min(map.height, Math.ceil((cy + hh) / map.scale));
  const count = [0, 0, 0, 0];
  for (let y = y0; y < y1; y++) {
    const row = y * map.width;
    for (let x = x0; x < x1; x++) count[map.data[row + x]]++;
  }
  const ink = count[1] + count[2] + count[3];
  if (ink < 6) return null;
  if (count[2] >= ink * 0.4) return 'red';
  if (count[3] >= ink * 0.5) return 'coloured';
  return 'black';
}
