import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OcrPage } from '../index';
import { cropRuns, toTextBand } from './crops';

describe("a page's crops (decision 268)", () => {
  it('are cut from the grey pixels the preparation kept, as they were from the PNG OCR read', async () => {
    const width = 120;
    const height = 40;
    const grey = new Uint8Array(width * height).fill(245);
    for (let y = 12; y < 28; y++) for (let x = 20; x < 50; x++) grey[y * width + x] = 20 + ((x * 7 + y) % 60);
    for (let y = 12; y < 28; y++) for (let x = 70; x < 100; x++) grey[y * width + x] = 30;
    const png = await sharp(grey, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    const boxes = [
      [
        { text: '12.5', x0: 20, y0: 12, x1: 50, y1: 28 },
        { text: 'g/dL', x0: 70, y0: 12, x1: 100, y1: 28 },
      ],
    ];
    const page = (pixels: Pick<OcrPage, 'grey' | 'png'>): OcrPage => ({
      ...pixels,
      width,
      height,
      angle: 0,
      boxes,
    });
    const runs = [
      { line: 0, from: 0, to: 0 },
      { line: 0, from: 1, to: 1 },
    ];
    const fromGrey = await cropRuns(page({ grey }), runs);
    const fromPng = await cropRuns(page({ png }), runs);
    expect(fromGrey).toHaveLength(2);
    expect(fromGrey).toEqual(fromPng);
    // A page with neither cannot be cut.
    await expect(cropRuns(page({}), runs)).rejects.toThrow(/without its pixels/);
  });
});

describe('a crop cut down to its band of text', () => {
  it("drops the foot of the line above that tesseract's box took in", () => {
    const width = 40;
    const height = 60;
    const data = new Uint8Array(width * height).fill(250);
    const ink = (y0: number, y1: number, x0: number, x1: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data[y * width + x] = 10;
    };
    ink(2, 5, 10, 14); // a speck of the line above
    ink(24, 43, 4, 36); // the word
    const band = toTextBand({ data, width, height });
    // Rows 24-43 and a quarter of their height (5 rows) either side.
    expect(band.height).toBe(30);
    expect(band.data[5 * width + 4]).toBe(10);
    expect(band.data[0]).toBe(250);
  });

  it('leaves blank paper and a crop that is all text as they are', () => {
    const blank = { data: new Uint8Array(100).fill(240), width: 10, height: 10 };
    expect(toTextBand(blank)).toBe(blank);
  });
});
