import { describe, expect, it } from 'vitest';
import { toTextBand } from './crops';

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
