import { describe, expect, it } from 'vitest';
import { drawingMarkup, hasNoRange, niceNumber } from './trend-chart';
import { spreadSameDay, valueAxis } from './trend-layout';
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

describe("a chart's drawing, one piece of markup (decision 260)", () => {
  const y = (v: number) => 200 - v;
  const r1 = (n: number) => Math.round(n * 10) / 10;
  const point = { report_id: 1, ref_low: 70, ref_high: 100 };
  const markup = drawingMarkup({
    shapes: 'shape-glucose',
    steps: [{ x0: 0, x1: 100, low: 70, high: 100 }],
    ticks: [60, 90, 120],
    at: [
      { ...point, date: '2026-01-02', value: 90, out_of_range: false, x: 3 },
      { ...point, date: '2026-02-02', value: 131, out_of_range: true, x: 95 },
      { ...point, date: '2026-03-02', value: 95, out_of_range: false, ref_low: null, ref_high: null, x: 99 },
    ],
    labels: [{ x: 3, text: '2 Jan <2026> & "later"', anchor: 'start' }],
    lo: 60,
    hi: 120,
    y,
    r1,
  });

  it('draws each point by its verdict, the band, the grid and the line', () => {
    expect(markup.match(/<circle class="trend-point" data-date="2026-01-02"/g)).toHaveLength(1);
    expect(markup).toContain(
      '<use class="trend-point trend-out" data-out-of-range="true" data-date="2026-02-02" href="#shape-glucose-out" x="95%" y="69">',
    );
    expect(markup).toContain(
      '<use class="trend-point trend-none" data-no-range="true" data-date="2026-03-02" href="#shape-glucose-none" x="99%" y="105">',
    );
    expect(markup).toContain('<rect class="trend-band" data-low="70" data-high="100" x="0%"');
    expect(markup.match(/<line class="trend-grid" x1="0" x2="100%"/g)).toHaveLength(3);
    expect(markup).toContain('points="3,110 95,69 99,105">');
  });

  it('places across in percent of the plot and draws points in pixels around their place (decision 264)', () => {
    // Each point at its percent, its shape in pixels around that place: a circle by its centre,
    // a diamond and a square as copies of the chart's one shape drawn around 0,0.
    expect(markup).toContain('<circle class="trend-point" data-date="2026-01-02" cx="3%" cy="110" r="5">');
    expect(markup).toContain('<path id="shape-glucose-out" d="M0 -7l7 7-7 7-7-7z">');
    expect(markup).toContain('<rect id="shape-glucose-none" x="-5" y="-5" width="10" height="10">');
    // The value labels hang into the margin left of the plot; date labels sit at a percent.
    expect(markup).toContain('<text class="trend-axis" x="-6"');
    expect(markup).toContain('<text class="trend-axis trend-date" x="3%"');
    // No drawing scaled from a fixed width: the only viewBox is the line's own stretched one.
    expect(markup.match(/viewBox/g)).toHaveLength(1);
    expect(markup).toContain(
      'preserveAspectRatio="none"><polyline class="trend-line" vector-effect="non-scaling-stroke"',
    );
  });

  it('escapes the text it writes', () => {
    expect(markup).toContain('>2 Jan &lt;2026&gt; &amp; &quot;later&quot;</text>');
    expect(markup).not.toContain('<2026>');
  });
});

describe('numbers on a chart, grouped as an Indian report writes them (en-IN and hi-IN alike)', () => {
  it('labels the value axis 2,50,000, not 250000, and keeps small values short', () => {
    expect(niceNumber(250000)).toBe('2,50,000');
    expect(niceNumber(1234567.8)).toBe('12,34,568');
    expect(niceNumber(4500)).toBe('4,500');
    expect(niceNumber(14.63)).toBe('14.6');
    expect(niceNumber(7.3)).toBe('7.3');
    expect(niceNumber(0.014)).toBe('0.01');
    expect(niceNumber(-12345)).toBe('-12,345');
  });

  it('writes the axis labels grouped into the drawing', () => {
    const markup = drawingMarkup({
      shapes: 'shape-platelets',
      steps: [],
      ticks: [150000, 280000, 410000],
      at: [
        {
          report_id: 1,
          ref_low: 150000,
          ref_high: 410000,
          date: '2026-01-02',
          value: 252000,
          out_of_range: false,
          x: 50,
        },
      ],
      labels: [],
      lo: 150000,
      hi: 410000,
      y: () => 100,
      r1: (n) => n,
    });
    expect(markup).toContain('text-anchor="end">1,50,000</text>');
    expect(markup).toContain('text-anchor="end">4,10,000</text>');
  });

  it('groups the ranges the chart describes, in both languages', () => {
    expect(trendTexts('en').rangeText(150000, 410000, '/cumm')).toBe('1,50,000 to 4,10,000 /cumm');
    expect(trendTexts('hi').rangeText(150000, 410000, '/cumm')).toBe('1,50,000 से 4,10,000 /cumm');
    expect(trendTexts('hi').rangeText(null, 200000, '/cumm')).toBe('2,00,000 /cumm तक');
    expect(trendTexts('en').rangeText(4000, null, '/cumm')).toBe('4,000 /cumm or more');
  });
});

describe('reports of one day side by side', () => {
  const at = (d: string) => ({ '2026-01-01': 3, '2026-06-01': 50, '2026-12-01': 97 })[d] ?? NaN;

  it('centres them on their day in the middle of the plot', () => {
    const laid = spreadSameDay(['2026-06-01', '2026-06-01', '2026-06-01'], at, 4, 3, 97);
    expect(laid.map((p) => p.x)).toEqual([46, 50, 54]);
  });

  it("moves the first and the latest day's row inwards, never past the plot (off it, over the value labels)", () => {
    const dates = ['2026-01-01', '2026-01-01', '2026-01-01', '2026-01-01', '2026-12-01', '2026-12-01'];
    const laid = spreadSameDay(dates, at, 4, 3, 97);
    expect(laid.map((p) => p.x)).toEqual([3, 7, 11, 15, 93, 97]);
    // The day itself (where its date label goes) stays where it is.
    expect(laid.map((p) => p.dayX)).toEqual([3, 3, 3, 3, 97, 97]);
  });
});
