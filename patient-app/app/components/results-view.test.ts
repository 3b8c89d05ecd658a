import { describe, expect, it } from 'vitest';
import { groupNumbers } from '../utils/format';
import { abnormalFirst, rangeText, verdictOf } from './results-view';

describe('the verdict a result shows (decision 249)', () => {
  it('shows a number with no range to compare against as such, never as normal', () => {
    expect(verdictOf({ flag: 'normal', ref_source: 'none', value: 2.5 })).toBe('no_range');
    expect(verdictOf({ flag: 'normal', ref_source: 'report', value: 2.5 })).toBe('normal');
    expect(verdictOf({ flag: 'normal', ref_source: 'knowledge_base', value: 2.5 })).toBe('normal');
    // A word result judged by the knowledge base's words, a lab's mark, a value to check.
    expect(verdictOf({ flag: 'normal', ref_source: 'none', value: 'Nil' })).toBe('normal');
    expect(verdictOf({ flag: 'high', ref_source: 'none', value: 9 })).toBe('high');
    expect(verdictOf({ flag: 'normal', ref_source: 'none', value: 2.5, uncertain: true })).toBe('check');
  });

  it('puts out-of-range results before those with no range and the normal ones', () => {
    const rows = [
      { flag: 'normal' as const, ref_source: 'none' as const, value: 2.5, id: 'a' },
      { flag: 'normal' as const, ref_source: 'report' as const, value: 14, id: 'b' },
      { flag: 'low' as const, ref_source: 'report' as const, value: 9, id: 'c' },
    ];
    expect(abnormalFirst(rows).map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('numbers in the results view, grouped as an Indian report writes them', () => {
  it('groups a range printed as plain digits, and the numeric bounds when nothing was printed', () => {
    expect(rangeText({ ref_text: '150000 - 410000', ref_low: 150000, ref_high: 410000 })).toBe(
      '1,50,000 - 4,10,000',
    );
    expect(rangeText({ ref_text: '4000-11000', ref_low: 4000, ref_high: 11000 })).toBe('4,000-11,000');
    expect(rangeText({ ref_text: '', ref_low: 150000, ref_high: null })).toBe('> 1,50,000');
    expect(rangeText({ ref_text: '', ref_low: 0.35, ref_high: 5.5 })).toBe('0.35 - 5.5');
  });

  it('leaves decimals, small numbers and digits the lab already grouped as they are', () => {
    expect(groupNumbers('12000')).toBe('12,000');
    expect(groupNumbers('1234.5678')).toBe('1,234.5678');
    expect(groupNumbers('0.00012345')).toBe('0.00012345');
    expect(groupNumbers('1,50,000 - 4,50,000')).toBe('1,50,000 - 4,50,000');
    expect(groupNumbers('Adult: 70 - 100')).toBe('Adult: 70 - 100');
    expect(groupNumbers('10000000')).toBe('1,00,00,000');
  });
});
