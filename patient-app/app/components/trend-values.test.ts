import { describe, expect, it } from 'vitest';
import { trendTexts } from '../utils/trend-texts';
import { valueListMarkup } from './trend-values';

describe('the values under a trend chart, one piece of markup (decision 264)', () => {
  const base = { ref_low: 70, ref_high: 100, out_of_range: false };
  const points = [
    { ...base, report_id: 7, date: '2026-01-02', value: 90 },
    { ...base, report_id: 8, date: '2026-02-02', value: 131, out_of_range: true, printed: '7.3 mmol/<L>' },
    {
      report_id: 9,
      date: '2026-03-02',
      value: 95,
      ref_low: null,
      ref_high: null,
      out_of_range: false,
      entered: true,
    },
  ];
  const sources = new Map<number, 'printed' | 'corrected' | 'upload'>([
    [7, 'printed'],
    [8, 'printed'],
    [9, 'upload'],
  ]);

  it('writes each value with its link, unit, marks and, when not printed, where its date comes from', () => {
    const html = valueListMarkup(points, 'mg/dL', sources, trendTexts('en'), 'en');
    expect(html.match(/<li class="trend-value">/g)).toHaveLength(3);
    expect(html).toContain('<li class="trend-value"><a href="/analysis/7">Jan 2, 2026</a>: 90 mg/dL</li>');
    expect(html).toContain(
      '131 mg/dL (reported as 7.3 mmol/&lt;L&gt;)<span class="badge badge-red">out of range</span>',
    );
    expect(html).toContain(
      '<span class="badge badge-none">no range</span><span class="badge badge-entered">Entered by you</span>',
    );
    expect(html).toContain(`<span class="muted small"> (${trendTexts('en').sources.upload})</span>`);
    expect(html.match(/muted small/g)).toHaveLength(1);
  });

  it('speaks Hindi on a Hindi page and escapes what came from the paper', () => {
    const html = valueListMarkup(points, 'µg/<b>', sources, trendTexts('hi'), 'hi');
    expect(html).toContain(': 90 µg/&lt;b&gt;</li>');
    expect(html).toContain('आपने दर्ज किया');
    expect(html).not.toContain('<b>');
  });

  it('groups a value as an Indian report writes it', () => {
    const platelets = [
      { ...base, report_id: 7, date: '2026-01-02', value: 252000, printed: '2.52 lakhs/cumm' },
    ];
    for (const lang of ['en', 'hi'] as const) {
      const html = valueListMarkup(platelets, '/cumm', sources, trendTexts(lang), lang);
      expect(html).toContain(': 2,52,000 /cumm');
    }
  });
});
