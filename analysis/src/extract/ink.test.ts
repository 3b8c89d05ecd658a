import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inkColour, inkedOver, inkMap } from './ink';
import { levelledToSource } from './photo-fix';

/** A white page with a black block, a red block and a blue block where words would be. */
async function page(): Promise<Buffer> {
  const svg = `<svg width="400" height="100" xmlns="http://www.w3.org/2000/svg">
    <rect width="400" height="100" fill="#ffffff"/>
    <rect x="20" y="30" width="60" height="20" fill="#111111"/>
    <rect x="120" y="30" width="60" height="20" fill="#d21c1c"/>
    <rect x="220" y="30" width="60" height="20" fill="#1c3cd2"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 40 }).toBuffer();
}

describe('the ink a word is printed in', () => {
  it('tells red from black and from other colours, in the OCR image’s coordinates', async () => {
    // OCR reads the page at twice this width: its boxes are twice as large.
    const map = await inkMap(await page(), 800, 1e7);
    expect(map.width).toBe(400);
    expect(inkColour(map, { x0: 36, y0: 56, x1: 164, y1: 104 })).toBe('black');
    expect(inkColour(map, { x0: 236, y0: 56, x1: 364, y1: 104 })).toBe('red');
    expect(inkColour(map, { x0: 436, y0: 56, x1: 564, y1: 104 })).toBe('coloured');
    // Blank paper: too little ink to tell.
    expect(inkColour(map, { x0: 600, y0: 0, x1: 700, y1: 40 })).toBeNull();
  });
});

/** A white page with black words, one with a blue pen stroke through its left end. */
async function marked(): Promise<Buffer> {
  const svg = `<svg width="400" height="100" xmlns="http://www.w3.org/2000/svg">
    <rect width="400" height="100" fill="#ffffff"/>
    <rect x="20" y="30" width="40" height="20" fill="#111111"/>
    <rect x="220" y="30" width="40" height="20" fill="#111111"/>
    <path d="M 210 60 L 245 20" stroke="#1f3fbf" stroke-width="3"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 60 }).toBuffer();
}

describe('a word a pen stroke or a stamp crosses', () => {
  it('is told from a clean word, the stroke being looked for beside the box too', async () => {
    const map = await inkMap(await marked(), 800, 1e7);
    expect(inkedOver(map, { x0: 40, y0: 60, x1: 120, y1: 100 })).toBe(false);
    // The word read is the right part of the cell; the stroke lies over the digit that was lost.
    expect(inkedOver(map, { x0: 480, y0: 60, x1: 520, y1: 100 })).toBe(true);
  });

  it('is not looked for on a page printed in colour', async () => {
    const map = await inkMap(await marked(), 800, 1e7);
    expect(inkedOver({ ...map, colouredShare: 0.6 }, { x0: 480, y0: 60, x1: 520, y1: 100 })).toBe(false);
  });
});

describe('a word box of a corrected copy', () => {
  it('is looked for where the correction took it from', async () => {
    // OCR read a copy shifted 200 px left: the red block at 240..360 of OCR's scale is at 40..160.
    const map = await inkMap(await page(), 800, 1e7, (x, y) => [x + 200, y]);
    expect(inkColour(map, { x0: 36, y0: 56, x1: 164, y1: 104 })).toBe('red');
  });

  it('maps a levelled point back onto the tilted line it came from', () => {
    const back = levelledToSource(2, 201, 101, 201, 101);
    expect(back(100, 50)).toEqual([100, 50]);
    // Text falling to the right: further right on the levelled line is lower on the original.
    const [x, y] = back(200, 50);
    expect(x).toBeCloseTo(100 + 100 * Math.cos(Math.PI / 90), 6);
    expect(y).toBeCloseTo(50 + 100 * Math.sin(Math.PI / 90), 6);
  });
});
