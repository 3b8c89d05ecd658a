import { describe, expect, it } from 'vitest';
import { analyzeLines } from '../engine';
import { getAnalyte } from '../knowledge';
import type { Row } from '../parse/row';
import { lostUnitProblem, otherScales, unitBesideValue } from './lost-unit';

function read(lines: string[], source: 'ocr' | 'text' = 'ocr') {
  return analyzeLines(
    {
      kind: source === 'ocr' ? 'jpg' : 'txt',
      lines: ['Patient: Mrs. Shalini Naik      Age: 47 Years     Sex: Female', ...lines],
      source,
      ocrConfidence: source === 'ocr' ? 0.9 : null,
      totalPages: 1,
      pagesRead: 1,
    },
    'en',
  );
}

function row(id: string, raw: string, unit = ''): Row {
  const analyte = getAnalyte(id)!;
  return {
    analyte,
    known: true,
    name: id,
    value: { raw, value: Number(raw), number: null, flag: null, unit: null },
    unit,
    rangeText: '',
    lineIndex: 0,
  };
}

describe("a photo's table whose 'Unit' heading a stamp hid (seed 97 of the stamp-and-pen photos)", () => {
  // As tesseract read it: the heading '(=)', each line's unit still there.
  const stamped = [
    'Test                                    Result       (=)              Reference Range',
    'Free Thyroxine                           1.06             ng/dL              0.89-1.76',
    '25(0OH) Vitamin D                         12.9             ng/mL              30.0- 100.0',
    'R.B.C.                                   Nil               IHPF               0-2',
  ];

  it('reads each unit off its line, OCR slips mended', () => {
    const r = read(stamped);
    const byId = (id: string) => r.values.find((v) => v.canonical_id === id);
    expect(byId('vitamin_d')).toMatchObject({ value: 12.9, unit: 'ng/mL', flag: 'low' });
    expect(byId('vitamin_d')?.uncertain).toBeUndefined();
    expect(byId('free_t4')).toMatchObject({ value: 1.06, unit: 'ng/dL' });
    expect(byId('urine_rbc')).toMatchObject({ value: 'Nil' });
    expect(byId('urine_rbc')?.unit.toLowerCase()).toBe('/hpf');
  });

  it("makes a two-scale test's number without any unit 'check it', not a number of unknown size", () => {
    const r = read([
      'Test                                    Result       (=)              Reference Range',
      '25(0OH) Vitamin D                         12.9             -              30.0- 100.0',
      'Free Thyroxine                           1.06             ng/dL              0.89-1.76',
    ]);
    const d = r.values.find((v) => v.canonical_id === 'vitamin_d');
    expect(d).toMatchObject({ value: 12.9, unit: '', uncertain: true, flag: 'normal' });
    expect(d?.reading_note).toMatch(/its unit was not read, and this test is printed in ng\/mL or nmol\/L/i);
    // A one-scale test keeps the unit the knowledge base infers from its range.
    expect(r.values.find((v) => v.canonical_id === 'free_t4')?.uncertain).toBeUndefined();
  });

  it('leaves a text report without units as printed (only a photo loses a unit)', () => {
    const r = read(['Test          Result     Reference', 'Vitamin D     12.9       30.0 - 100.0'], 'text');
    expect(r.values.find((v) => v.canonical_id === 'vitamin_d')?.uncertain).toBeUndefined();
  });
});

describe('unitBesideValue', () => {
  it("takes the cell after the value's, past a lab's mark, when it is one of the test's units", () => {
    expect(unitBesideValue(row('vitamin_d', '12.9'), 'Vitamin D   12.9   ng/mL   30-100')).toBe('ng/mL');
    expect(unitBesideValue(row('vitamin_d', '12.9'), 'Vitamin D   12.9   L   ng/mL   30-100')).toBe('ng/mL');
    expect(unitBesideValue(row('free_t3', '5.73'), 'FT3   5.73   pg/m.   2.30-4.20')).toBe('pg/mL');
  });

  it("refuses a range, another test's unit, a lone letter, and a row that has its unit", () => {
    expect(unitBesideValue(row('vitamin_d', '12.9'), 'Vitamin D   12.9   30.0 - 100.0')).toBeNull();
    expect(unitBesideValue(row('vitamin_d', '12.9'), 'Vitamin D   12.9   g/dL   30-100')).toBeNull();
    expect(unitBesideValue(row('hematocrit', '41'), 'PCV   41   H   36-46')).toBeNull();
    expect(unitBesideValue(row('hematocrit', '41'), 'PCV   41   X   36-46')).toBeNull();
    expect(unitBesideValue(row('vitamin_d', '12.9', 'ng/mL'), 'Vitamin D   12.9   nmol/L')).toBeNull();
  });
});

describe('lostUnitProblem', () => {
  it('names the scales of a two-scale test read without a unit, and nothing for one scale', () => {
    expect(otherScales(getAnalyte('vitamin_d')!)).toEqual(['nmol/L']);
    expect(otherScales(getAnalyte('vitamin_b12')!)).toEqual(['pmol/L']);
    expect(otherScales(getAnalyte('sodium')!)).toEqual([]);
    expect(lostUnitProblem(row('vitamin_d', '12.9'), '')).toMatch(/ng\/mL or nmol\/L/);
    expect(lostUnitProblem(row('vitamin_d', '12.9'), 'ng/mL')).toBeNull();
    expect(lostUnitProblem(row('urine_specific_gravity', '1.015'), '')).toBeNull();
  });
});
