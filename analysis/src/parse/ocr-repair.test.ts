import { describe, expect, it } from 'vitest';
import { analyteById } from './match-analyte';
import {
  alternativeReadings,
  repairInvertedRange,
  repairOcrRangeText,
  repairRangeScale,
  repairOcrUnit,
  repairOcrValue,
  repairOcrWord,
} from './ocr-repair';
import { parseRange } from './ranges';
import type { Analyte } from '../types';

const a = (id: string) => analyteById(id) as Analyte;

describe('OCR repairs', () => {
  it('un-glues "to" in ranges and fixes an inverted range', () => {
    expect(repairOcrRangeText('3.5t05.2')).toBe('3.5 to 5.2');
    expect(repairOcrRangeText('Oto 45')).toBe('0 to 45');
    expect(repairInvertedRange(parseRange(repairOcrRangeText('35t05.2'), null))).toMatchObject({
      low: 3.5,
      high: 5.2,
    });
  });

  it("puts a range's lost decimal points back in its bounds and in its text", () => {
    // HbA1c: the knowledge base knows only the upper limit; the low bound follows the high one.
    expect(repairRangeScale(parseRange('40-56', null), a('hba1c'), 1)).toMatchObject({
      low: 4,
      high: 5.6,
      text: '4.0-5.6',
    });
    expect(repairRangeScale(parseRange('35-51', null), a('potassium'), 1)).toMatchObject({
      low: 3.5,
      high: 5.1,
      text: '3.5-5.1',
    });
    expect(repairInvertedRange(parseRange('35-5.2', null))).toMatchObject({ low: 3.5, text: '3.5-5.2' });
    expect(repairRangeScale(parseRange('08 - 12', null), a('inr'), 1)).toMatchObject({
      low: 0.8,
      high: 1.2,
      text: '0.8 - 1.2',
    });
    // In another unit than the knowledge base's: compared in the printed unit (10^3/µL = 1000 /cumm).
    expect(repairRangeScale(parseRange('40-100', null), a('wbc_count'), 1000)).toMatchObject({
      low: 4,
      high: 10,
      text: '4.0-10.0',
    });
    expect(repairRangeScale(parseRange('40-100', null), a('wbc_count'), null).text).toBe('40-100');
    // A range as printed is left as it is.
    expect(repairRangeScale(parseRange('136 - 145', null), a('sodium'), 1).text).toBe('136 - 145');
  });

  it('restores a lost decimal point only where the printed value is impossible', () => {
    expect(repairOcrValue('215', 215, 'pg', { low: 27, high: 31 }, a('mch'), true)).toBe(21.5);
    expect(repairOcrValue('299', 299, '%', { low: 20, high: 40 }, a('lymphocytes'), true)).toBe(29.9);
    expect(repairOcrValue('04', 4, '%', { low: null, high: 2 }, a('basophils'), true)).toBe(4);
    expect(repairOcrValue('09', 9, 'mg/dL', { low: 0.7, high: 1.3 }, a('creatinine'), true)).toBe(0.9);
    expect(repairOcrValue('04', 4, '%', { low: 0.0, high: 1.5 }, a('basophils'), true)).toBe(0.4);
    // A very high but possible value is left alone.
    expect(repairOcrValue('2150', 2150, 'U/L', { low: 0, high: 45 }, a('alt'), true)).toBe(2150);
    expect(repairOcrValue('24', 24, '%', { low: 1, high: 6 }, a('eosinophils'), true)).toBe(24);
    expect(repairOcrValue('21.5', 21.5, 'pg', { low: 27, high: 31 }, a('mch'), true)).toBe(21.5);
  });

  it('maps garbled units and words to the nearest known one', () => {
    const known = () => false;
    expect(repairOcrUnit('ma/dL', a('bilirubin_indirect'), known)).toBe('mg/dL');
    expect(repairOcrUnit('fcumm', a('wbc_count'), known).replace(/^cells/, '')).toBe('/cumm');
    expect(repairOcrUnit('zzzzzz', a('wbc_count'), known)).toBe('zzzzzz');
    // The µ read as a letter: 'HuU/mL' is µIU/mL as printed, not the µU/mL one edit away.
    expect(repairOcrUnit('HuU/mL', a('tsh'), known)).toBe(a('tsh').unit);
    expect(repairOcrUnit('HIU/mL', a('tsh'), known)).toBe(a('tsh').unit);
    expect(repairOcrWord('Nii')).toBe('Nil');
    expect(repairOcrWord('NEGATlVE')).toBe('NEGATIVE');
    expect(repairOcrWord('Plenty')).toBe('Plenty');
  });
});

describe('alternativeReadings: what a photo value token may stand for, likeliest slip first', () => {
  const colons = { separators: true, trailingMarks: false };
  const values = (raw: string, hints = colons) =>
    alternativeReadings(raw, hints).map((r) => [r.value, r.slip]);

  it('tries a colon read as a 1 before a lost point', () => {
    expect(values('16.7')).toEqual([
      [6.7, 'separator'],
      [167, 'spurious_point'],
    ]);
    expect(values('144')).toEqual([
      [44, 'separator'],
      [14.4, 'lost_point'],
      [1.44, 'lost_point'],
      [0.144, 'lost_point'],
    ]);
  });

  it('offers lost points for whole numbers and a stray point for decimals', () => {
    expect(values('45')).toEqual([
      [4.5, 'lost_point'],
      [0.45, 'lost_point'],
    ]);
    expect(values('4.5')).toEqual([[45, 'spurious_point']]);
    expect(values('7')).toEqual([]);
  });

  it("offers a thousands separator read as a point ('12.000' for 12,000) before a stray point", () => {
    expect(values('12.000', { separators: false, trailingMarks: false })).toEqual([[12000, 'thousands']]);
    expect(values('4.50', { separators: false, trailingMarks: false })).toEqual([[450, 'spurious_point']]);
  });

  it('offers a separator or a trailing mark only where the report shows them', () => {
    expect(values('16.7', { separators: false, trailingMarks: false })).toEqual([[167, 'spurious_point']]);
    expect(values('3.651', { separators: false, trailingMarks: true })[0]).toEqual([3.65, 'mark']);
    expect(values('221', { separators: false, trailingMarks: true }).slice(0, 2)).toEqual([
      [22, 'mark'],
      [22.1, 'lost_point'],
    ]);
    // '4.1' ends in a tenth, not a mark glued to the value.
    expect(values('4.1', { separators: false, trailingMarks: true })).toEqual([[41, 'spurious_point']]);
  });

  it('reads a dash before the value as a dash', () => {
    expect(values('-5')[0]).toEqual([5, 'dash']);
  });
});
