import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { linesToImage } from '../eval/render';
import { prepareImage } from './image';
import { isStrayMark, recognize, renewOcrWorkers, shutdownOcr, withoutLeaderDots } from './ocr';

const ROWS = [
  'Test                     Result     Unit       Reference Range',
  'Haemoglobin              11.2       g/dL       12.0 - 15.0',
  'Serum Potassium          5.8        mmol/L     3.5 - 5.1',
  'Platelet Count           1.45       lakhs/cumm 1.50 - 4.10',
];

afterAll(shutdownOcr);

describe('OCR', () => {
  it('reads a tilted scan level by the measured angle, rows and decimals intact', async () => {
    const clean = await linesToImage(ROWS, 'clean');
    // 3° clockwise: levelled the wrong way (6°), tesseract garbles names and drops decimal points.
    const tilted = await sharp(clean).rotate(3, { background: '#ffffff' }).png().toBuffer();
    const image = await prepareImage(tilted);
    expect(image.angle).toBeGreaterThan(2.5);
    const text = (await recognize(image.png, undefined, image.angle)).lines.map((l) =>
      l.replace(/\s+/g, ' '),
    );
    expect(text.some((l) => /Haemoglobin 11\.2 g\/dL 12\.0 ?- ?15\.0/.test(l))).toBe(true);
    expect(text.some((l) => /Serum Potassium 5\.8 mmol\/L/.test(l))).toBe(true);
    expect(text.some((l) => /Platelet Count 1\.45 lakhs\/cumm 1\.50 ?- ?4\.10/.test(l))).toBe(true);
  }, 60_000);

  it('reads as well with a renewed worker (its memory given back after a file)', async () => {
    const image = await prepareImage(await linesToImage(ROWS, 'clean'));
    const before = (await recognize(image.png)).lines;
    renewOcrWorkers();
    const after = (await recognize(image.png)).lines;
    expect(after).toEqual(before);
    expect(after.join(' ')).toContain('Potassium');
  }, 60_000);
});

describe('dotted leaders on a photo', () => {
  const read = (line: string) =>
    withoutLeaderDots(line.split(' ').map((text) => ({ text })))
      .map((w) => w.text)
      .join(' ');

  it('drops the dots and the letters OCR makes of them, also where they are glued to the name', () => {
    expect(read('COLOR .....ccevvieees Pale Yellow')).toBe('COLOR Pale Yellow');
    expect(read('UREA, SERUM ............. 65')).toBe('UREA, SERUM 65');
    expect(read('Phrieiiieene 6.5')).toBe('Ph 6.5');
    expect(read('RB.C. .ccoovicaee Nil')).toBe('RB.C. Nil');
  });

  it('drops dashed leaders as OCR reads them, mixed with = and + or trailing off into letters', () => {
    expect(read('ALBUMIN --+=-==esseanes TRACE')).toBe('ALBUMIN TRACE');
    expect(read('KETONES -=eeeemcmcmccanes Absent')).toBe('KETONES Absent');
    expect(read('COLOUR -+-s=-===-=---- PALE')).toBe('COLOUR PALE');
  });

  it('keeps every word a report prints, however round its letters', () => {
    for (const line of [
      'HIV ---- ++',
      'Sugar +++',
      'Arsenic 12',
      'Cocaine Negative',
      'Occasional',
      'Ionised Calcium',
      'Cross match',
      'Nil',
    ])
      expect(read(line)).toBe(line);
  });
});

describe('stray marks on a photo', () => {
  it('takes a word of tildes or carets for a smudge, never a result or a sign', () => {
    expect(['~~', '~', '`', '^^'].every(isStrayMark)).toBe(true);
    expect(['-', '~5', '<', '+', '*', 'Nil', '|'].some(isStrayMark)).toBe(false);
  });
});
