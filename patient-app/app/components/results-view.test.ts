import { describe, expect, it } from 'vitest';
import { abnormalFirst, verdictOf } from './results-view';

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
