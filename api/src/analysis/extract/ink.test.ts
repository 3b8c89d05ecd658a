import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inkColour, inkMap } from './ink';

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
