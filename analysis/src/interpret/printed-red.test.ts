import { describe, expect, it } from 'vitest';
import { analyzeLines } from '../engine';

const lines = [
  'SHREE DIAGNOSTIC CENTRE',
  'Patient: A   Age: 40 Years   Sex: Male',
  '',
  'Test                              Result        Unit            Reference Range',
  'Haemoglobin                       9.8           g/dL            13 - 17',
  'Total Leucocyte Count             7500          /cumm           4000 - 11000',
  'Platelet Count                    2.5           lakh/cumm       1.5 - 4.1',
];

function analyse(redWords: string[][] | undefined) {
  return analyzeLines(
    { kind: 'png', lines, source: 'ocr', ocrConfidence: 0.9, redWords, totalPages: 1, pagesRead: 1 },
    'en',
  );
}

const byId = (r: ReturnType<typeof analyse>, id: string) => r.values.find((v) => v.canonical_id === id);

describe('a result printed in red', () => {
  it('is marked as printed red, and agrees with a low flag', () => {
    const red = lines.map(() => [] as string[]);
    red[4] = ['9.8'];
    const hb = byId(analyse(red), 'hemoglobin');
    expect(hb).toMatchObject({ value: 9.8, flag: 'low', printed_red: true });
    expect(hb?.uncertain).toBeUndefined();
  });

  it('makes a row that reads normal "check it": the value, range or colour was misread', () => {
    const red = lines.map(() => [] as string[]);
    red[5] = ['7500'];
    const wbc = byId(analyse(red), 'wbc_count');
    expect(wbc).toMatchObject({ uncertain: true, printed_red: true, flag: 'normal' });
    expect(wbc?.reading_note).toMatch(/prints it in red/);
  });

  it('changes nothing where colour was not kept (text, a cleaned-up photo)', () => {
    const r = analyse(undefined);
    expect(r.values.some((v) => v.printed_red || v.uncertain)).toBe(false);
    expect(byId(r, 'hemoglobin')?.flag).toBe('low');
  });
});
