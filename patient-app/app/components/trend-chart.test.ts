import { describe, expect, it } from 'vitest';
import { hasNoRange } from './trend-chart';
import { valueAxis } from './trend-layout';
import { trendTexts } from '../utils/trend-texts';

describe('a trend point with no range (decision 249)', () => {
  it('is one its report printed no range for and did not flag', () => {
    expect(hasNoRange({ ref_low: null, ref_high: null, out_of_range: false })).toBe(true);
  });

  it('is not a point with a range, even one bound, nor one the lab flagged without a range', () => {
    expect(hasNoRange({ ref_low: 70, ref_high: 100, out_of_range: false })).toBe(false);
    expect(hasNoRange({ ref_low: null, ref_high: 200, out_of_range: false })).toBe(false);
    expect(hasNoRange({ ref_low: 40, ref_high: null, out_of_range: true })).toBe(false);
    expect(hasNoRange({ ref_low: null, ref_high: null, out_of_range: true })).toBe(false);
  });

  it('has its word and its range text in both languages', () => {
    expect(trendTexts('en').noRange).toBe('no range');
    expect(trendTexts('hi').noRange).toBe('सीमा नहीं');
    expect(trendTexts('en').rangeText(null, null, 'mg/dL')).toBe('no range printed');
    expect(trendTexts('hi').rangeText(70, 100, 'mg/dL')).toBe('70 से 100 mg/dL');
    expect(trendTexts('hi').rangeText(null, 200, 'mg/dL')).toBe('200 mg/dL तक');
  });
});

describe('the value axis', () => {
  it('holds every value and bound with a margin', () => {
    const { lo, hi } = valueAxis([12.1, 13.4, 11.5, 16]);
    expect(lo).toBeLessThan(11.5);
    expect(hi).toBeGreaterThan(16);
  });

  it('does not go below zero when nothing drawn is below zero (TSH 0.01 to 13.3)', () => {
    expect(valueAxis([2.22, 0.01, 13.31, 0.27, 5.5]).lo).toBe(0);
    expect(valueAxis([0, 0]).lo).toBe(0);
  });

  it('keeps a margin below a negative value', () => {
    expect(valueAxis([-2, 4]).lo).toBeLessThan(-2);
  });
});
