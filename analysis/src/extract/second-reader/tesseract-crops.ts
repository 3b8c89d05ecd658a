import sharp from 'sharp';
import { recognize } from '../ocr';
import type { Crop, CropReader, CropReading } from './reader';

/**
 * The first reader, tesseract, on crops: the crops stacked one under another on white paper with a
 * gap between them, read in one pass (one call of the page's worker, not one per crop), and each
 * line of text given back to the crop it lies in. Used where the first reader's reading of the
 * whole page lost a cell that its crop alone may give (verify/column-again.ts).
 */

/** White rows between two crops, and round the stack: more than a line's spacing. */
const GAP = 24;

/** The stacked image and where each crop lies in it (its top and bottom rows). */
export function stack(crops: Crop[]): { data: Uint8Array; width: number; height: number; slots: number[][] } {
  const width = Math.max(...crops.map((c) => c.width)) + 2 * GAP;
  const height = crops.reduce((h, c) => h + c.height + GAP, GAP);
  const data = new Uint8Array(width * height).fill(255);
  const slots: number[][] = [];
  let top = GAP;
  for (const c of crops) {
    for (let y = 0; y < c.height; y++)
      data.set(c.data.subarray(y * c.width, (y + 1) * c.width), (top + y) * width + GAP);
    slots.push([top, top + c.height]);
    top += c.height + GAP;
  }
  return { data, width, height, slots };
}

export async function readCrops(crops: Crop[]): Promise<CropReading[]> {
  if (crops.length === 0) return [];
  const { data, width, height, slots } = stack(crops);
  const png = await sharp(Buffer.from(data), { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const read = await recognize(png);
  const texts: string[][] = crops.map(() => []);
  for (const words of read.boxes) {
    if (words.length === 0) continue;
    const mid = words.reduce((s, w) => s + (w.y0 + w.y1) / 2, 0) / words.length;
    const at = slots.findIndex(([top, bottom]) => mid >= top - GAP / 2 && mid < bottom + GAP / 2);
    if (at >= 0) texts[at].push(words.map((w) => w.text).join(' '));
  }
  // Tesseract's page confidence is not per crop; the agreement of two readers is the test.
  return texts.map((t) => ({ text: t.join(' '), confidence: read.confidence }));
}

export const tesseractCrops: CropReader = { name: 'tesseract', readCrops };
