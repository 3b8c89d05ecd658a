import sharp from 'sharp';
import type { OcrPage } from '../index';
import type { WordBox } from '../ocr';
import { levelledToSource, type ToSource } from '../photo-fix';
import { colourPage, withoutMarks, type ColourImage, type ColourSource, type GreyImage } from './inkless';
import type { Crop } from './reader';

/**
 * The crops a second reader reads: a run of a line's words (a number, its unit) cut out of the
 * image OCR read, with a margin of paper round them as a recogniser expects, but never reaching
 * into the next word on the line.
 */
export interface WordRun {
  /** Index into `lines` (and the page's `boxes`). */
  line: number;
  /** First and last word of the run, inclusive. */
  from: number;
  to: number;
}

/**
 * The page's grey pixels: kept from the image's preparation (extract/image.ts), or its PNG decoded
 * once for all its crops (names, values, values under a mark: up to three calls a photo).
 */
const greyOf = new WeakMap<OcrPage, Promise<GreyImage>>();
function pixels(page: OcrPage): Promise<GreyImage> {
  let img = greyOf.get(page);
  if (!img) {
    img = page.grey
      ? Promise.resolve({ data: page.grey, width: page.width, height: page.height })
      : decodedPng(page.png);
    greyOf.set(page, img);
  }
  return img;
}

async function decodedPng(png: Buffer | undefined): Promise<GreyImage> {
  if (!png) throw new Error('an OCR page without its pixels');
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export async function cropRuns(page: OcrPage, runs: WordRun[]): Promise<Crop[]> {
  if (runs.length === 0) return [];
  const img = await pixels(page);
  // Tesseract levelled a tilted page about its centre, canvas kept (extract/image.ts): a box is
  // mapped back onto the image as OCR was given it.
  const back = page.angle
    ? levelledToSource(page.angle, img.width, img.height, img.width, img.height)
    : (x: number, y: number): [number, number] => [x, y];
  return runs.map((run) => cut(page, run, img, back));
}

/**
 * The same runs cut from the page with its pen's and stamp's colour taken out (inkless.ts), for
 * words coloured ink crosses; empty when the photo's colour was not kept.
 */
export async function inklessCropRuns(page: OcrPage, runs: WordRun[]): Promise<Crop[]> {
  if (runs.length === 0 || !page.colour) return [];
  const img = await decodedOnce(page.colour);
  // OCR's boxes are on its corrected copy (the clean-up's warp, tesseract's levelling): mapped
  // back onto the page as photographed, at the same scale.
  const back = page.colour.toSource ?? ((x: number, y: number): [number, number] => [x, y]);
  return runs.map((run) => {
    const r = rectOf(page, run, img, back, true);
    return toTextBand(withoutMarks(img, r));
  });
}

/**
 * A photo's colour page, decoded once for its names' and its values' crops: held as long as the
 * page is (the extraction thread drops the page once the analysis is sent).
 */
const decoded = new WeakMap<ColourSource, Promise<ColourImage>>();
function decodedOnce(source: ColourSource): Promise<ColourImage> {
  let img = decoded.get(source);
  if (!img) decoded.set(source, (img = colourPage(source)));
  return img;
}

function cut(page: OcrPage, run: WordRun, img: GreyImage, back: ToSource): Crop {
  const { x0, x1, y0, y1 } = rectOf(page, run, img, back);
  const width = x1 - x0;
  const height = y1 - y0;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    data.set(img.data.subarray((y0 + y) * img.width + x0, (y0 + y) * img.width + x1), y * width);
  }
  return toTextBand({ data, width, height });
}

/**
 * The run's top and bottom held to its line's: a pen stroke read as part of a word makes its box
 * twice as tall, reaching into the line above, whose words then fill the crop once the stroke is
 * taken out. The line's height is its words' middle top and bottom (most words are not crossed).
 */
function lineBand(words: WordBox[], run: WordRun): { y0: number; y1: number } {
  const own = words.slice(run.from, run.to + 1);
  const y0 = Math.min(...own.map((w) => w.y0));
  const y1 = Math.max(...own.map((w) => w.y1));
  if (words.length < 3) return { y0, y1 };
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const top = mid(words.map((w) => w.y0));
  const bottom = mid(words.map((w) => w.y1));
  const h = bottom - top;
  return { y0: Math.max(y0, top - h * 0.2), y1: Math.min(y1, bottom + h * 0.2) };
}

/** The rectangle of the image a run's crop is cut from. */
function rectOf(
  page: OcrPage,
  run: WordRun,
  img: { width: number; height: number },
  back: ToSource,
  inLine = false,
): { x0: number; x1: number; y0: number; y1: number } {
  const words = page.boxes[run.line] ?? [];
  const first = words[run.from];
  const last = words[run.to];
  const box = {
    x0: Math.min(...words.slice(run.from, run.to + 1).map((w) => w.x0)),
    x1: Math.max(...words.slice(run.from, run.to + 1).map((w) => w.x1)),
    ...(inLine
      ? lineBand(words, run)
      : {
          y0: Math.min(...words.slice(run.from, run.to + 1).map((w) => w.y0)),
          y1: Math.max(...words.slice(run.from, run.to + 1).map((w) => w.y1)),
        }),
  };
  const h = Math.max(8, box.y1 - box.y0);
  // Half the gap to the words either side, at most 1.2 times the text's height: wide enough to
  // take in a digit the first reader lost beside the word (under a stamp: '3620' read as
  // '620'), so that the second reader is not held to the first one's idea of where it ends.
  const before: WordBox | undefined = words[run.from - 1];
  const after: WordBox | undefined = words[run.to + 1];
  const padL = Math.min(h * 1.2, before ? Math.max(0, (first.x0 - before.x1) / 2) : h * 1.2);
  const padR = Math.min(h * 1.2, after ? Math.max(0, (after.x0 - last.x1) / 2) : h * 1.2);
  const padY = h * 0.25;
  const corners = [
    back(box.x0 - padL, box.y0 - padY),
    back(box.x1 + padR, box.y0 - padY),
    back(box.x0 - padL, box.y1 + padY),
    back(box.x1 + padR, box.y1 + padY),
  ];
  const x0 = clamp(Math.floor(Math.min(...corners.map((c) => c[0]))), 0, img.width - 1);
  const x1 = clamp(Math.ceil(Math.max(...corners.map((c) => c[0]))), x0 + 1, img.width);
  const y0 = clamp(Math.floor(Math.min(...corners.map((c) => c[1]))), 0, img.height - 1);
  const y1 = clamp(Math.ceil(Math.max(...corners.map((c) => c[1]))), y0 + 1, img.height);
  return { x0, x1, y0, y1 };
}

/**
 * A crop cut down to its band of text, with a quarter of the band's height of paper above and
 * below. Tesseract's box of a word on a curled or shadowed page can be twice the text's height,
 * taking in the foot of the line above; the recogniser, which scales the crop to 48 px tall,
 * then sees small letters under a smudge and drops the thin last ones ('Nil' read 'Ni'). The band
 * is the run of rows with ink (gaps of two rows bridged) that holds the most ink.
 */
export function toTextBand(crop: Crop): Crop {
  const { data, width, height } = crop;
  let lo = 255;
  let hi = 0;
  for (const v of data) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (hi - lo < 40) return crop; // blank paper: nothing to find
  const dark = (lo + hi) / 2;
  const ink = new Array<number>(height).fill(0);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (data[y * width + x] < dark) ink[y]++;
  let best = { from: 0, to: height - 1, sum: -1 };
  for (let y = 0; y < height;) {
    if (!ink[y]) {
      y++;
      continue;
    }
    const from = y;
    let to = y;
    let sum = 0;
    while (y < height && (ink[y] || ink[y + 1] || ink[y + 2])) {
      if (ink[y]) to = y;
      sum += ink[y];
      y++;
    }
    if (sum > best.sum) best = { from, to, sum };
  }
  const pad = Math.ceil((best.to - best.from + 1) * 0.25);
  const y0 = Math.max(0, best.from - pad);
  const y1 = Math.min(height, best.to + 1 + pad);
  if (y1 - y0 >= height) return crop;
  return { data: data.slice(y0 * width, y1 * width), width, height: y1 - y0 };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}
