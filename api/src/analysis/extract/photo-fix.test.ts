import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { linesToImage } from '../eval/render';
import { fixPhoto } from './photo-fix';

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
});
