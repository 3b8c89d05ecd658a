import { describe, expect, it } from 'vitest';
import { ANALYTES } from '../knowledge';
import { analyteById } from '../parse/match-analyte';
import type { Analyte } from '../types';
import { DECIMAL_CONFIDENCE, settleDecimal, UNCERTAIN_CONFIDENCE } from './plausibility';

const a = (id: string) => analyteById(id) as Analyte;
type Range = { low: number | null; high: number | null; text?: string };
const none: Range = { low: null, high: null };

function settle(id: string, raw: string, unit: string, range: Range = none, repaired?: number) {
  const read = Number(raw.replace(/,/g, ''));
  return settleDecimal({ analyte: a(id), raw, read, repaired: repaired ?? read, unit, range });
}

describe('physiological limits in the knowledge base', () => {
  it('has the limits the decimal rule needs', () => {
    expect(a('hemoglobin').plausible).toEqual({ low: 2, high: 25 });
    expect(a('potassium').plausible).toEqual({ low: 1, high: 10 });
    expect(a('creatinine').plausible).toEqual({ low: 0.1, high: 25 });
  });

  it('holds every reference range and critical limit inside the limits', () => {
    for (const an of ANALYTES) {
      if (!an.plausible) continue;
      const { low, high } = an.plausible;
      expect(low, an.id).toBeLessThan(high);
      for (const r of [an.reference.any, an.reference.male, an.reference.female]) {
        if (r?.low != null) expect(r.low, an.id).toBeGreaterThanOrEqual(low);
        if (r?.high != null) expect(r.high, an.id).toBeLessThanOrEqual(high);
      }
      if (an.critical?.low != null) expect(an.critical.low, an.id).toBeGreaterThanOrEqual(low);
      if (an.critical?.high != null) expect(an.critical.high, an.id).toBeLessThanOrEqual(high);
    }
  });
});

describe('decimal plausibility of photo values', () => {
  it('keeps a plausible value as read, with no note', () => {
    expect(settle('potassium', '4.5', 'mEq/L')).toEqual({
      value: 4.5,
      uncertain: false,
      confidence: null,
      note: null,
    });
    // A very high but possible value is never touched.
    expect(settle('creatinine', '12', 'mg/dL').value).toBe(12);
  });

  it('puts back a decimal point when only one reading is possible', () => {
    const k = settle('potassium', '45', 'mEq/L', { low: 3.5, high: 5.1 });
    expect(k.value).toBe(4.5);
    expect(k.uncertain).toBe(false);
    expect(k.confidence).toBe(DECIMAL_CONFIDENCE);
    expect(k.note).toMatch(/Read as 45 .*not possible for potassium.*4\.5 mEq\/L was used/);
    expect(settle('hemoglobin', '138', 'g/dL').value).toBe(13.8);
    expect(settle('sodium', '1380', 'mmol/L').value).toBe(138);
    expect(settle('hba1c', '79', '%').value).toBe(7.9);
  });

  it('lets the printed range settle a tie between two possible readings', () => {
    // Urea 285 and 28.5 mg/dL are both possible; the range 17-43 says 28.5.
    const u = settle('urea', '2850', 'mg/dL', { low: 17, high: 43 });
    expect(u.value).toBe(28.5);
    expect(u.confidence).toBe(DECIMAL_CONFIDENCE);
    // Creatinine 2.15 and 0.215 are both near 0.7-1.3: a guess either way, so not settled.
    expect(settle('creatinine', '215', 'mg/dL', { low: 0.7, high: 1.3 }).uncertain).toBe(true);
    // A critical creatinine of 4.5 read as 45 is never turned into 0.45.
    expect(settle('creatinine', '45', 'mg/dL', { low: 0.7, high: 1.3 }).value).not.toBe(0.45);
  });

  it('marks the value uncertain when no reading settles it', () => {
    // Without a range, 2.15 and 21.5 remain possible.
    const tie = settle('creatinine', '215', 'mg/dL');
    expect(tie).toMatchObject({ value: 215, uncertain: true, confidence: UNCERTAIN_CONFIDENCE });
    expect(tie.note).toMatch(/no other reading settles it/);
    // A decimal point was read, so no point was lost: nothing to divide.
    expect(settle('potassium', '0.4', 'mEq/L')).toMatchObject({ value: 0.4, uncertain: true });
    // Too small whatever the decimal point.
    expect(settle('hemoglobin', '1', 'g/dL')).toMatchObject({ uncertain: true });
  });

  it('judges in the base unit and skips units it cannot convert', () => {
    // 450 µmol/L creatinine is possible (about 5 mg/dL).
    expect(settle('creatinine', '450', 'µmol/L').uncertain).toBe(false);
    expect(settle('potassium', '45', 'bananas').value).toBe(45);
  });

  it('records a decimal point the OCR repairs already put back', () => {
    const r = settle('mch', '215', 'pg', { low: 27, high: 32 }, 21.5);
    expect(r.value).toBe(21.5);
    expect(r.confidence).toBe(DECIMAL_CONFIDENCE);
    expect(r.note).toMatch(/Read as 215/);
  });

  it('marks uncertain a value far above its range that a lost point would put inside it', () => {
    const b12 = settle('vitamin_b12', '3417', 'pg/mL', { low: 211, high: 911 });
    expect(b12).toMatchObject({ value: 3417, uncertain: true, confidence: UNCERTAIN_CONFIDENCE });
    expect(b12.note).toMatch(/341\.7 pg\/mL .* would be inside/);
    // A high glucose is not a lost point: 41 or 4.1 would not be inside 70-110 either.
    expect(settle('glucose_fasting', '410', 'mg/dL', { low: 70, high: 110 }).uncertain).toBe(false);
    // Printed with its decimal point: read as printed.
    expect(settle('vitamin_b12', '3417.0', 'pg/mL', { low: 211, high: 911 }).uncertain).toBe(false);
  });

  it('marks uncertain a whole number far above a range printed with decimals, near it with a point', () => {
    const bili = settle('bilirubin_total', '19', 'mg/dL', { low: 0.2, high: 1.2 });
    expect(bili).toMatchObject({ value: 19, uncertain: true, confidence: UNCERTAIN_CONFIDENCE });
    expect(bili.note).toMatch(/written with decimals.*1\.9 mg\/dL/);
    // Read with its own decimals, or against a range of whole numbers, the value stands.
    expect(settle('bilirubin_total', '19.0', 'mg/dL', { low: 0.2, high: 1.2 }).uncertain).toBe(false);
    expect(settle('alt', '450', 'U/L', { low: 5, high: 40 }).uncertain).toBe(false);
  });

  it('never silently divides a possible value that is past a critical limit', () => {
    // Glucose 450 read where the repairs would have taken 45.0: either could be true.
    const g = settle('glucose_fasting', '450', 'mg/dL', { low: 70, high: 110 }, 45);
    expect(g).toMatchObject({ value: 450, uncertain: true });
    expect(g.note).toMatch(/one of them is critical/);
  });

  it('has no opinion on analytes without limits', () => {
    expect(settle('alt', '4500', 'U/L')).toMatchObject({ value: 4500, uncertain: false, note: null });
  });

  it('undoes a colon read as a 1 when it is the only possible reading', () => {
    const colons = { separators: true, trailingMarks: false };
    const settleIn = (id: string, raw: string, unit: string, range: Range) =>
      settleDecimal({
        analyte: a(id),
        raw,
        read: Number(raw),
        repaired: Number(raw),
        unit,
        range,
        hints: colons,
      });
    const n = settleIn('neutrophils', '178.3', '%', { low: 40, high: 80 });
    expect(n).toMatchObject({ value: 78.3, uncertain: false, slip: 'separator' });
    expect(n.note).toMatch(/':' or '\|' before the value read as a 1/);
    expect(settleIn('mcv', '199.3', 'fL', { low: 83, high: 101 }).value).toBe(99.3);
    // Without separators on the report, 178.3 % has no possible reading: "check it".
    expect(settle('neutrophils', '178.3', '%', { low: 40, high: 80 }).uncertain).toBe(true);
  });

  it('does not flag high a three-digit value that a lost point puts near its range, unless the lab marks it high', () => {
    // Serum iron printed 45.0 and read 450; vitamin D 20.3 read 203.
    const iron = settle('serum_iron', '450', 'µg/dL', { low: 60, high: 170 });
    expect(iron).toMatchObject({ value: 450, uncertain: true });
    expect(iron.note).toMatch(/45 µg\/dL \(a lost decimal point\)/);
    expect(settle('vitamin_d', '203', 'ng/mL', { low: 30, high: 100 }).uncertain).toBe(true);
    // The lab's own H beside it: the high reading stands.
    const marked = settleDecimal({
      analyte: a('serum_iron'),
      raw: '450',
      read: 450,
      repaired: 450,
      unit: 'µg/dL',
      range: { low: 60, high: 170 },
      printedFlag: 'H',
    });
    expect(marked.uncertain).toBe(false);
  });

  it('reads a glued trailing 1 on one row as the mark only where the report prints marks', () => {
    // MCH printed '32.6 ↑' beside 27-32, read as one token '32.61' with no mark beside it.
    const mch = (
      hints: { separators: boolean; trailingMarks: boolean; marksPrinted?: boolean },
      flag?: string,
    ) =>
      settleDecimal({
        analyte: a('mch'),
        raw: '32.61',
        read: 32.61,
        repaired: 32.61,
        unit: 'pg',
        range: { low: 27, high: 32, text: '27 - 32' },
        printedFlag: flag ?? null,
        hints,
      });
    const plain = { separators: false, trailingMarks: false };
    // No mark read anywhere on the report: 32.61 or 32.6 are both possible: "check it".
    expect(mch(plain)).toMatchObject({ value: 32.61, uncertain: true });
    expect(mch(plain).note).toMatch(/32\.61 pg or 32\.6 pg/);
    // Other rows carry their arrows: this abnormal row lost its arrow into the digits.
    expect(mch({ ...plain, marksPrinted: true })).toMatchObject({
      value: 32.6,
      uncertain: false,
      slip: 'mark',
    });
    // Its own mark was read beside it: the 1 is a digit.
    expect(mch({ ...plain, marksPrinted: true }, '↑')).toMatchObject({ value: 32.61, uncertain: false });
    // Inside the range without the 1 (no arrow is printed beside a normal result): kept.
    const rbc = settleDecimal({
      analyte: a('rbc_count'),
      raw: '4.51',
      read: 4.51,
      repaired: 4.51,
      unit: 'mill/cumm',
      range: { low: 4.5, high: 5.5, text: '4.5 - 5.5' },
      hints: plain,
    });
    expect(rbc).toMatchObject({ value: 4.51, uncertain: false });
  });
});

describe("a thousands separator read as a decimal point ('12,000' read '12.000')", () => {
  it('reads a count back as thousands where the count as read is impossible', () => {
    const s = settle('platelet_count', '12.000', '/cumm', { low: 150000, high: 410000 });
    expect(s.value).toBe(12000);
    expect(s.uncertain).toBe(false);
    expect(s.confidence).toBe(DECIMAL_CONFIDENCE);
    expect(s.note).toContain('thousands separator');
  });

  it('does not guess thousands for a test that is no count and whose range is not in the thousands', () => {
    const s = settle('glucose_fasting', '1.100', 'mg/dL', { low: 70, high: 100 });
    expect(s.uncertain).toBe(true);
  });
});

describe('a whole number beside a range written with decimals', () => {
  const vitD = { low: 30, high: 100, text: '30.0 - 100.0' };

  it("is 'check it' outside the range when a lost point would put it near ('129' for 12.9)", () => {
    const s = settle('vitamin_d', '129', 'ng/mL', vitD);
    expect(s.uncertain).toBe(true);
    expect(s.note).toMatch(/12\.9/);
  });

  it('stands inside the range, or where the range is written in whole numbers', () => {
    expect(settle('vitamin_d', '45', 'ng/mL', vitD).uncertain).toBe(false);
    expect(settle('vitamin_d', '129', 'ng/mL', { low: 30, high: 100, text: '30 - 100' }).uncertain).toBe(
      false,
    );
  });
});
