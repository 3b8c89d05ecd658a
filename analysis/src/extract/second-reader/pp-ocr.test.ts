import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { readCrops } from './pp-ocr';
import type { Crop } from './reader';

/** A printed word as a grey crop, the way crops.ts cuts one out of a page. */
function printed(text: string): Crop {
  const canvas = createCanvas(16 + text.length * 14, 40);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#000';
  g.font = '24px "Liberation Sans"';
  g.fillText(text, 8, 28);
  const rgba = g.getImageData(0, 0, canvas.width, canvas.height).data;
  const data = new Uint8Array(canvas.width * canvas.height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4];
  return { data, width: canvas.width, height: canvas.height };
}

describe('the second reader (PP-OCRv4 recognition, models from the npm package)', () => {
  it('reads printed numbers, points and colons included, several crops at once', async () => {
    const read = await readCrops([printed('12.5'), printed(': 12000'), printed('0.3'), printed('g/dL')]);
    expect(read.map((r) => r.text.replace(/\s+/g, ''))).toEqual(['12.5', ':12000', '0.3', 'g/dL']);
    for (const r of read) expect(r.confidence).toBeGreaterThan(0.5);
  });

  it('reads nothing from no crops', async () => {
    expect(await readCrops([])).toEqual([]);
  });
});
