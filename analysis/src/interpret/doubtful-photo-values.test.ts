import { describe, expect, it } from 'vitest';
import { analyzeLines } from '../engine';

function ocr(rows: string[], inkedWords?: string[][]) {
  return analyzeLines(
    {
      kind: 'png',
      lines: ['Name: Asha Devi   Age/Sex: 61 Y / F', 'Test          Result   Unit     Reference', ...rows],
      inkedWords,
      source: 'ocr',
      ocrConfidence: 0.9,
      totalPages: 1,
      pagesRead: 1,
    },
    'en',
  );
}

describe('a doubtful value beside the lab’s own mark', () => {
  it('carries the mark’s direction, not one computed from the doubtful number, and says so', () => {
    const r = ocr([
      'Potassium     0.4 H    mmol/L   3.5 - 5.1',
      'Haemoglobin   12.8     g/dL     12.0 - 15.0',
    ]);
    const k = r.values.find((v) => v.canonical_id === 'potassium');
    expect(k).toMatchObject({ uncertain: true, flag: 'high', flag_printed: 'H' });
    expect(r.has_critical).toBe(false);
    expect(r.key_findings.join(' ') + r.summary).toMatch(
      /potassium result clearly; the report marks it high/i,
    );
  });

  it('carries no flag where no mark was read', () => {
    const r = ocr([
      'Potassium     0.4      mmol/L   3.5 - 5.1',
      'Haemoglobin   12.8     g/dL     12.0 - 15.0',
    ]);
    expect(r.values.find((v) => v.canonical_id === 'potassium')).toMatchObject({
      uncertain: true,
      flag: 'normal',
    });
    expect(r.key_findings.join(' ') + r.summary).not.toMatch(/marks it/);
  });
});

describe('a word read where the result is a number', () => {
  it('is "check it" on a photo (a stamp or pen stroke read into the cell), a result word is not', () => {
    const r = ocr([
      'PH                 SPAN                5.0-8.0',
      'URINE GLUCOSE      Nil                 Nil',
      'Haemoglobin        12.8     g/dL       12.0 - 15.0',
    ]);
    const byId = (id: string) => r.values.find((v) => v.canonical_id === id);
    expect(byId('urine_ph')).toMatchObject({ uncertain: true, flag: 'normal' });
    expect(byId('urine_ph')?.reading_note).toMatch(/where this test's result is a number/);
    expect(byId('urine_glucose')?.uncertain).toBeUndefined();
    expect(byId('hemoglobin')?.uncertain).toBeUndefined();
  });
});

describe('a value a pen stroke or a stamp crosses', () => {
  it('is "check it": a digit may be hidden under the stroke', () => {
    const rows = [
      'Neutrophils        6        %       40 - 70',
      'Lymphocytes        24       %       20 - 40',
    ];
    const inked = [[], [], ['6'], []];
    const r = ocr(rows, inked);
    const n = r.values.find((v) => v.canonical_id === 'neutrophils');
    expect(n).toMatchObject({ uncertain: true, flag: 'normal' });
    expect(n?.reading_note).toMatch(/pen stroke or a stamp crosses/);
    expect(r.values.find((v) => v.canonical_id === 'lymphocytes')?.uncertain).toBeUndefined();
    expect(ocr(rows).values.find((v) => v.canonical_id === 'neutrophils')?.uncertain).toBeUndefined();
  });

  it('is "check it" when the stroke crosses any word of a result written in words', () => {
    const rows = [
      'COLOR              Pale Yetiow         Pale Yellow',
      'URINE GLUCOSE      Nil                 Nil',
      'Haemoglobin        12.8     g/dL       12.0 - 15.0',
    ];
    const colour = (inked?: string[][]) =>
      ocr(rows, inked).values.find((v) => v.canonical_id === 'urine_colour');
    expect(colour([[], [], ['Yetiow'], [], []])).toMatchObject({ value: 'Pale Yetiow', uncertain: true });
    expect(colour([[], [], [], [], []])?.uncertain).toBeUndefined();
  });
});

describe('an impossible value with an arrow glued to it', () => {
  const rows = (egfr: string) => [
    'Creatinine         2.65 ↑    mg/dL            0.60 - 1.10',
    `eGFR               ${egfr}      mL/min/1.73m2    >60`,
    'Sodium             142.6     mmol/L           136.0 - 146.0',
  ];

  it('is read without the 1 on a report that prints marks, when only that reading fits', () => {
    const e = ocr(rows('221')).values.find((v) => v.canonical_id === 'egfr');
    expect(e).toMatchObject({ value: 22, flag: 'low' });
    expect(e?.uncertain).toBeUndefined();
    expect(e?.reading_note).toMatch(/prints marks beside abnormal results/);
  });

  it('is not read that way on a report that prints no marks', () => {
    // No creatinine either: no relation settles it.
    const plain = rows('221').slice(1);
    const e = ocr(plain).values.find((v) => v.canonical_id === 'egfr');
    expect(e?.reading_note).not.toMatch(/prints marks/);
    expect(e?.value).not.toBe(22);
  });
});

describe('a word beside the value of a test printed without a unit', () => {
  it('is not taken for its unit on a photo', () => {
    const r = ocr([
      'Specific Gravity   1.012    praotd   1.003 - 1.035',
      'Haemoglobin   12.8     g/dL     12.0 - 15.0',
    ]);
    const sg = r.values.find((v) => v.canonical_id === 'urine_specific_gravity');
    expect(sg).toMatchObject({ value: 1.012, unit: '' });
  });
});

describe('a value after a colon read with the colon as a 1 and its point lost', () => {
  it('is "check it" when both slips together give a reading as possible as a point put back', () => {
    const r = ocr([
      'MCV                 : 96.3       fL       80 - 100',
      'MCHC                : 33.9       g/dL     32 - 36',
      'RDW                 1131         %        11.5 - 14.5',
    ]);
    const rdw = r.values.find((v) => v.canonical_id === 'rdw');
    expect(rdw).toMatchObject({ uncertain: true });
    expect(rdw?.reading_note).toMatch(/read as a 1 and a lost decimal point/);
  });
});
