import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { linesToImage } from '../eval/render';
import { prepareImage } from './image';
import { fixPhoto, frameMask, homography, keystoneCorners, lighting } from './photo-fix';

const LINES = [
  'SAMPLE LABORATORY',
  'Patient Name : Test Patient            Age / Sex : 40 Years / Female',
  '',
  'Test                     Result     Unit       Reference Range',
  ...Array.from(
    { length: 14 },
    (_, i) =>
      `Analyte number ${i + 1}        ${(i * 1.7 + 2).toFixed(1)}       mg/dL      ${i}.0 - ${i + 5}.0`,
  ),
];

async function grey(bytes: Buffer) {
  return sharp(bytes).greyscale().resize({ width: 1800 }).raw().toBuffer({ resolveWithObject: true });
}

describe('photo clean-up before OCR', () => {
  it('finds the tilt of a photographed page from its text lines and levels it', async () => {
    const g = await grey(await linesToImage(LINES, 'photo')); // rendered 1.3° clockwise
    const fixed = await fixPhoto(g.data, g.info.width, g.info.height);
    expect(fixed.angle).toBeGreaterThan(1.0);
    expect(fixed.angle).toBeLessThan(1.6);
    expect(fixed.data.length).toBe(fixed.width * fixed.height); // still one grey channel
  });

  it('leaves a level scan unrotated', async () => {
    const g = await grey(await linesToImage(LINES, 'clean'));
    const fixed = await fixPhoto(g.data, g.info.width, g.info.height);
    expect(fixed.angle).toBe(0);
    expect([fixed.width, fixed.height]).toEqual([g.info.width, g.info.height]);
  });

  it('flattens a shadow: the paper comes out equally light in the lit and the dark corner', async () => {
    const width = 600;
    const height = 400;
    const data = Buffer.alloc(width * height);
    // Paper from 250 (top left) down to 150 (bottom right), no text.
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        data[y * width + x] = Math.round(250 - (100 * (x / width + y / height)) / 2);
    const fixed = await fixPhoto(data, width, height);
    const at = (x: number, y: number) => fixed.data[y * fixed.width + x];
    expect(Math.abs(at(100, 100) - at(500, 300))).toBeLessThan(12);
    expect(at(500, 300)).toBeGreaterThan(235);
  });

  it('whitens the dark surroundings of a photographed page but keeps a dark band inside the page', async () => {
    // A page (230) on a dark table (50), with a dark header band (60) inside the page, white text on it.
    const width = 400;
    const height = 300;
    const data = Buffer.alloc(width * height, 50);
    for (let y = 30; y < 270; y++) for (let x = 40; x < 360; x++) data[y * width + x] = 230;
    for (let y = 100; y < 130; y++) for (let x = 80; x < 320; x++) data[y * width + x] = 60;
    for (let y = 110; y < 120; y++) for (let x = 100; x < 110; x++) data[y * width + x] = 250;
    const mask = frameMask(data, width, height, 230);
    expect(mask[5 * width + 5]).toBe(1); // the table
    expect(mask[150 * width + 20]).toBe(1);
    expect(mask[115 * width + 150]).toBe(0); // the header band
    expect(mask[200 * width + 200]).toBe(0); // the page
    const fixed = await fixPhoto(data, width, height);
    const at = (x: number, y: number) => fixed.data[y * fixed.width + x];
    expect(at(5, 5)).toBe(255);
    expect(at(20, 150)).toBe(255);
    // The band stays darker than its text (flattening lightens a wide band, but only so far).
    expect(at(105, 115) - at(150, 115)).toBeGreaterThan(50);
  });

  it('leaves a page photographed on a light surface whole', () => {
    const width = 200;
    const height = 200;
    const data = Buffer.alloc(width * height, 200);
    for (let y = 20; y < 180; y++) for (let x = 20; x < 180; x++) data[y * width + x] = 235;
    expect(frameMask(data, width, height, 235).some((v) => v === 1)).toBe(false);
  });

  it('measures the light across the page: even on a clean render, uneven under a shadow, and the frame', async () => {
    const clean = await grey(await linesToImage(LINES, 'clean'));
    const shadowed = await grey(await linesToImage(LINES, 'photo'));
    const evenly = await lighting(clean.data, clean.info.width, clean.info.height);
    const shadow = await lighting(shadowed.data, shadowed.info.width, shadowed.info.height);
    expect(evenly.framed).toBe(0);
    expect(evenly.spread).toBeGreaterThan(0.85);
    expect(shadow.framed).toBe(0);
    expect(shadow.spread).toBeLessThan(0.8);
    // The same page lying on a dark table: the table is frame, not shadow.
    const w = clean.info.width + 200;
    const h = clean.info.height + 200;
    const onTable = Buffer.alloc(w * h, 40);
    for (let y = 0; y < clean.info.height; y++)
      clean.data.copy(onTable, (y + 100) * w + 100, y * clean.info.width, (y + 1) * clean.info.width);
    expect((await lighting(onTable, w, h)).framed).toBeGreaterThan(0.1);
  });

  it('cleans up a shadowed page before OCR unless told otherwise, and leaves an evenly lit one', async () => {
    const shadowed = await linesToImage(LINES, 'photo');
    expect((await prepareImage(shadowed)).fixed).toBe(true);
    expect((await prepareImage(shadowed, { photoFix: false })).fixed).toBe(false);
    const clean = await linesToImage(LINES, 'clean');
    expect((await prepareImage(clean)).fixed).toBe(false);
    expect((await prepareImage(clean, { photoFix: true })).fixed).toBe(true);
  });

  it('measures the tilt of a page read as it is, for OCR to level; none on a level or cleaned-up page', async () => {
    const clean = await linesToImage(LINES, 'clean');
    // A scan fed in a degree and a half askew (clockwise: the lines fall to the right), no frame.
    const tilted = await sharp(clean).rotate(1.5, { background: '#ffffff' }).png().toBuffer();
    const read = await prepareImage(tilted);
    expect(read.fixed).toBe(false);
    expect(read.angle).toBeGreaterThan(1.2);
    expect(read.angle).toBeLessThan(1.8);
    const counter = await prepareImage(
      await sharp(clean).rotate(-1.5, { background: '#ffffff' }).png().toBuffer(),
    );
    expect(counter.angle).toBeLessThan(-1.2);
    expect(counter.angle).toBeGreaterThan(-1.8);
    expect((await prepareImage(clean)).angle).toBe(0);
    expect((await prepareImage(tilted, { photoFix: true })).angle).toBe(0); // levelled by the clean-up
  });
});

describe('perspective: a page photographed at a slant', () => {
  // A page 900 x 1200 px: ruled lines and rows of "text" blocks, on a dark table (50) in a
  // 1000 x 1300 photo, its corners where a slanted camera puts them.
  const W = 1000;
  const H = 1300;
  const PW = 900;
  const PH = 1200;
  const RULES = [200, 600, 1000];
  function pageAt(x: number, y: number): number {
    if (RULES.some((r) => Math.abs(y - r) <= 2) && x > 40 && x < PW - 40) return 20;
    // Text-like marks: short dark strokes on every 40th row band.
    if (y % 40 < 12 && y > 60 && y < PH - 60 && x > 60 && x < PW - 60 && x % 23 < 9) return 30;
    return 235;
  }
  function photographed(corners: Array<[number, number]>): Buffer {
    const m = homography(corners, [
      [0, 0],
      [PW - 1, 0],
      [PW - 1, PH - 1],
      [0, PH - 1],
    ]);
    const out = Buffer.alloc(W * H, 50);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const d = m[6] * x + m[7] * y + m[8];
        const u = (m[0] * x + m[1] * y + m[2]) / d;
        const v = (m[3] * x + m[4] * y + m[5]) / d;
        if (u >= 0 && v >= 0 && u <= PW - 1 && v <= PH - 1)
          out[y * W + x] = pageAt(Math.round(u), Math.round(v));
      }
    return out;
  }

  it('finds the corners of a keystoned page and warps it to a rectangle with level lines', async () => {
    const corners: Array<[number, number]> = [
      [120, 60],
      [880, 90],
      [960, 1240],
      [40, 1250],
    ];
    const photo = photographed(corners);
    expect((await lighting(photo, W, H)).keystoned).toBe(true); // so it is read cleaned up first
    const fixed = await fixPhoto(photo, W, H);
    expect(fixed.corners).toBeDefined();
    fixed.corners!.forEach(([x, y], k) => {
      expect(Math.hypot(x - corners[k][0], y - corners[k][1])).toBeLessThan(4);
    });
    expect(fixed.data.length).toBe(fixed.width * fixed.height);
    // Each ruled line comes out level: the darkest row at its left end and at its right end agree.
    const darkestRow = (x: number, y0: number) => {
      let best = y0;
      for (let y = y0 - 40; y <= y0 + 40; y++)
        if (fixed.data[y * fixed.width + x] < fixed.data[best * fixed.width + x]) best = y;
      return best;
    };
    for (const r of RULES) {
      const y0 = Math.round((r / PH) * fixed.height);
      const left = darkestRow(Math.round(fixed.width * 0.1), y0);
      const right = darkestRow(Math.round(fixed.width * 0.9), y0);
      expect(Math.abs(left - right)).toBeLessThanOrEqual(3);
      expect(Math.abs(left - y0)).toBeLessThan(12);
    }
  });

  it('leaves a page photographed square on (a rectangle on the table) unwarped', async () => {
    const photo = photographed([
      [50, 50],
      [950, 50],
      [950, 1250],
      [50, 1250],
    ]);
    expect((await lighting(photo, W, H)).keystoned).toBe(false);
    const fixed = await fixPhoto(photo, W, H);
    expect(fixed.corners).toBeUndefined();
    expect([fixed.width, fixed.height]).toEqual([W, H]);
  });

  it('leaves a straight scan alone', async () => {
    const g = await grey(await linesToImage(LINES, 'clean'));
    const fixed = await fixPhoto(g.data, g.info.width, g.info.height);
    expect(fixed.corners).toBeUndefined();
    expect((await lighting(g.data, g.info.width, g.info.height)).keystoned).toBe(false);
    expect(keystoneCorners(new Uint8Array(400 * 300), 400, 300)).toBeNull();
  });
});
