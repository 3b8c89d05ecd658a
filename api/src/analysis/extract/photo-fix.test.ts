import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { linesToImage } from '../eval/render';
import { prepareImage } from './image';
import { fixPhoto, frameMask, lighting } from './photo-fix';

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
});
