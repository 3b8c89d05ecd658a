import { describe, expect, it } from 'vitest';
import { directionOf, trendSentence } from './trend-sentence';

describe('trend sentence', () => {
  it('says how HbA1c fell over six months, in English and Hindi', () => {
    const r = trendSentence({
      name: { en: 'HbA1c', hi: 'एचबीए1सी' },
      unit: '%',
      first: { value: 7.9, date: '2026-01-10', low: null, high: 5.6 },
      last: { value: 6.8, date: '2026-07-10', low: null, high: 5.6 },
    });
    expect(r.direction).toBe('down');
    expect(r.sentence.en).toBe('HbA1c fell from 7.9 % to 6.8 % over 6 months, still above the normal range');
    expect(r.sentence.hi).toBe('एचबीए1सी 6 महीने में 7.9 % से घटकर 6.8 % हो गया, अब भी सामान्य सीमा से ऊपर है');
  });

  it('a rise into the range, a steady value, short spans and Indian digit grouping', () => {
    const up = trendSentence({
      name: { en: 'Haemoglobin', hi: 'हीमोग्लोबिन' },
      unit: 'g/dL',
      first: { value: 11.2, date: '2026-01-01', low: 13, high: 17 },
      last: { value: 13.4, date: '2026-01-21', low: 13, high: 17 },
    });
    expect(up.sentence.en).toBe(
      'Haemoglobin rose from 11.2 g/dL to 13.4 g/dL over 20 days, now within the normal range',
    );
    const steady = trendSentence({
      name: { en: 'Platelets', hi: 'प्लेटलेट्स' },
      unit: '/cumm',
      first: { value: 250000, date: '2024-01-01', low: 150000, high: 410000 },
      last: { value: 252000, date: '2026-01-01', low: 150000, high: 410000 },
    });
    expect(steady.direction).toBe('steady');
    expect(steady.sentence.en).toBe(
      'Platelets stayed about the same (2,50,000 /cumm to 2,52,000 /cumm) over 2 years, within the normal range',
    );
    expect(directionOf(100, 102)).toBe('steady');
    expect(directionOf(100, 104)).toBe('up');
  });

  it('judges each end against its own range and says when the samples were of one day', () => {
    // 12.1 g/dL was low against its lab's 13-17; 12.4 is within another lab's 11.5-16.
    const r = trendSentence({
      name: { en: 'Haemoglobin', hi: 'हीमोग्लोबिन' },
      unit: 'g/dL',
      first: { value: 12.1, date: '2025-05-02', low: 13, high: 17 },
      last: { value: 12.4, date: '2025-05-02', low: 11.5, high: 16 },
    });
    expect(r.sentence.en).toBe(
      'Haemoglobin stayed about the same (12.1 g/dL to 12.4 g/dL) on the same day, now within the normal range',
    );
    expect(r.sentence.hi).toContain('एक ही दिन में');
  });

  it('says when a value came back into its range after leaving it in between', () => {
    const end = (value: number, date: string) => ({ value, date, low: 12, high: 15.5 });
    const r = trendSentence({
      name: { en: 'Haemoglobin', hi: 'हीमोग्लोबिन' },
      unit: 'g/dL',
      first: end(12.6, '2025-05-20'),
      last: end(12.3, '2026-11-18'),
      between: [end(11.1, '2025-11-14'), end(11.4, '2026-05-08')],
    });
    expect(r.sentence.en).toBe(
      'Haemoglobin stayed about the same (12.6 g/dL to 12.3 g/dL) over 18 months, back within the normal range after being below it',
    );
    expect(r.sentence.hi).toContain('बीच में सामान्य सीमा से नीचे रहने के बाद अब फिर सामान्य सीमा में है');
    // Within all along: no such clause.
    const calm = trendSentence({
      name: { en: 'Hb', hi: 'Hb' },
      unit: 'g/dL',
      first: end(12.6, '2025-05-20'),
      last: end(12.3, '2026-11-18'),
      between: [end(13, '2025-11-14')],
    });
    expect(calm.sentence.en).toMatch(/, within the normal range$/);
  });
});
