import type { AnalyteTrend, TrendPoint } from '@reportsaathi/contracts/user';
import { formatDate, formatNumber } from '../utils/format';
import { bandSteps, dateLabels, spreadSameDay, valueAxis } from './trend-layout';
import { trendTexts } from '../utils/trend-texts';
import { escapeMarkup } from '../utils/markup';
import { usePageLang } from '../utils/use-lang';

/**
 * One analyte over time as plain SVG drawn on the server (no chart library: nothing to download on
 * a slow phone). Each point sits at its sample's date over its own report's reference range (the
 * shaded band steps where two labs' ranges differ); out-of-range points are red diamonds, in-range ones
 * teal dots, a value with no range to judge it by grey squares (never drawn as normal, decision 249),
 * and every point is also listed in text for screen readers.
 */
// The chart is drawn at the width of its container, not scaled from a wide drawing: on a 360 px
// phone a 600-unit drawing shrank to ~280 px and its labels to ~5 px (decision 264). Across, every
// position is a percentage of the plot (the svg is the plot's width; the value labels hang into the
// margin on its left); down, CSS pixels of a fixed height. Labels and points keep their pixel sizes.
const H = 220;
const PAD = { top: 14, bottom: 34 };
/** Percent of the plot's width kept clear at each end, so a first or latest day's points fit. */
const INSET = 3;
/**
 * Percent of the plot between the points of reports taken on one day (9 px on a phone, 30 on a
 * desktop): in the plot's percent like everything across, so the band steps under each exactly.
 */
const SAME_DAY_GAP = 4;
/**
 * The date labels are thinned for the narrowest plot (a 360 px phone: about 220 px across), so they
 * never touch at any width: a character of the 12 px axis font is about 6.5 px, 3 % of that plot.
 */
const LABEL_CHAR = 3;
const LABEL_GAP = 4.5;

/** An axis label: three significant digits or so, grouped the Indian way ("2,50,000"). */
export function niceNumber(n: number): string {
  const abs = Math.abs(n);
  return formatNumber(Number(abs >= 100 ? n.toFixed(0) : abs >= 10 ? n.toFixed(1) : n.toFixed(2)));
}

/** What the chart draws: the page sends the browser no more of a trend than it shows. */
export type ChartTrend = Pick<AnalyteTrend, 'analyte' | 'name' | 'unit'> & {
  points: Pick<TrendPoint, 'report_id' | 'date' | 'value' | 'out_of_range' | 'ref_low' | 'ref_high'>[];
};

/**
 * A value its report gave no range for, and did not flag either: nothing says whether it is normal
 * (the results view's `no_range` verdict). A flagged value with no range stays out of range.
 */
export function hasNoRange(p: Pick<TrendPoint, 'ref_low' | 'ref_high' | 'out_of_range'>): boolean {
  return p.ref_low === null && p.ref_high === null && !p.out_of_range;
}

/**
 * The chart's drawing as one string of SVG markup: bands, grid, value axis, line, points and date
 * labels. A page of ten charts draws about 550 of these shapes; as React elements each was created,
 * rendered to HTML and hydrated again in the browser, though none of them ever changes or listens to
 * anything (decision 260). Only numbers, class names and dates go in here; the chart's title and
 * description, which carry a test's printed name, stay React text.
 */
export function drawingMarkup({
  shapes,
  steps,
  ticks,
  at,
  labels,
  lo,
  hi,
  y,
  r1,
}: {
  /** The id prefix of the chart's point shapes (unique on the page; letters, digits, - and _). */
  shapes: string;
  steps: ReturnType<typeof bandSteps>;
  ticks: number[];
  /** Per point: where it sits across the plot (percent; reports of one day side by side). */
  at: Array<ChartTrend['points'][number] & { x: number }>;
  labels: ReturnType<typeof dateLabels>;
  lo: number;
  hi: number;
  y: (v: number) => number;
  r1: (n: number) => number;
}): string {
  const e = escapeMarkup;
  const pct = (n: number) => `${n}%`;
  let out = '';
  for (const st of steps) {
    const top = y(Math.min(hi, st.high ?? hi));
    const bottom = y(Math.max(lo, st.low ?? lo));
    out += `<rect class="trend-band" data-low="${e(st.low ?? '')}" data-high="${e(st.high ?? '')}" x="${pct(r1(st.x0))}" y="${top}" width="${pct(r1(st.x1 - st.x0))}" height="${r1(Math.max(0, bottom - top))}"></rect>`;
  }
  for (const v of ticks)
    out += `<g><line class="trend-grid" x1="0" x2="100%" y1="${y(v)}" y2="${y(v)}"></line><text class="trend-axis" x="-6" y="${r1(y(v) + 4)}" text-anchor="end">${e(niceNumber(v))}</text></g>`;
  // The line alone is stretched across (its own 100-wide box, not scaled down), its stroke unscaled.
  out += `<svg class="trend-lines" width="100%" height="${H}" viewBox="0 0 100 ${H}" preserveAspectRatio="none"><polyline class="trend-line" vector-effect="non-scaling-stroke" points="${at.map((p) => `${p.x},${y(p.value)}`).join(' ')}"></polyline></svg>`;
  // A point is placed in percent and drawn in pixels, so it keeps its shape at any width: a
  // circle by its centre; a diamond or a square as a copy (<use>) of the chart's one shape, drawn
  // around 0,0 and moved to the point.
  out += `<defs><path id="${shapes}-out" d="M0 -7l7 7-7 7-7-7z"></path><rect id="${shapes}-none" x="-5" y="-5" width="10" height="10"></rect></defs>`;
  for (const p of at) {
    const date = e(p.date);
    out += p.out_of_range
      ? `<use class="trend-point trend-out" data-out-of-range="true" data-date="${date}" href="#${shapes}-out" x="${pct(p.x)}" y="${y(p.value)}"></use>`
      : hasNoRange(p)
        ? `<use class="trend-point trend-none" data-no-range="true" data-date="${date}" href="#${shapes}-none" x="${pct(p.x)}" y="${y(p.value)}"></use>`
        : `<circle class="trend-point" data-date="${date}" cx="${pct(p.x)}" cy="${y(p.value)}" r="5"></circle>`;
  }
  for (const l of labels)
    out += `<text class="trend-axis trend-date" x="${pct(r1(l.x))}" y="${H - 10}" text-anchor="${l.anchor}">${e(l.text)}</text>`;
  return out;
}

/**
 * `listed`: the page lists every value in text beside the chart (the trends page's "Values"), so
 * the chart's description gives the range and points there instead of repeating each value. Without
 * it (the doctor's shared page) the description reads every point.
 */
export function TrendChart({ trend, listed = false }: { trend: ChartTrend; listed?: boolean }) {
  const lang = usePageLang();
  const tt = trendTexts(lang);
  const rangeText = tt.rangeText;
  // Points arrive oldest first, by sample date (reports of one day in upload order); ISO dates
  // sort as plain strings, and the sort is stable, so that order is kept.
  const pts = [...trend.points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const values = pts.map((p) => p.value);
  const bounds = pts
    .flatMap((p) => [p.ref_low, p.ref_high])
    .filter((v): v is number => typeof v === 'number');
  const { lo, hi } = valueAxis([...values, ...bounds]);
  const day = (d: string) => Date.parse(d.length === 10 ? `${d}T00:00:00Z` : d);
  const t0 = day(pts[0].date);
  const t1 = day(pts[pts.length - 1].date);
  const innerH = H - PAD.top - PAD.bottom;
  // Across: a tenth of a percent (under a pixel on a 1,000 px plot); down: a tenth of a pixel.
  // Days inset from both ends, so reports of the first or the latest day can sit side by side.
  const r1 = (n: number) => Math.round(n * 10) / 10;
  const xOfDate = (d: string) =>
    r1(INSET + (t1 === t0 ? (100 - 2 * INSET) / 2 : ((day(d) - t0) / (t1 - t0)) * (100 - 2 * INSET)));
  const y = (v: number) => r1(PAD.top + (1 - (v - lo) / (hi - lo)) * innerH);
  const laid = spreadSameDay(
    pts.map((p) => p.date),
    xOfDate,
    SAME_DAY_GAP,
    INSET,
    100 - INSET,
  );
  const at = pts.map((p, i) => ({ ...p, x: r1(laid[i].x), dayX: laid[i].dayX }));
  const steps = bandSteps(
    at.map((p) => ({ x: p.x, low: p.ref_low, high: p.ref_high })),
    0,
    100,
  );
  const labels = dateLabels(
    at.map((p) => ({ x: p.dayX, text: formatDate(p.date, lang) })),
    0,
    100,
    LABEL_CHAR,
    LABEL_GAP,
  );
  const ticks = [lo, lo + (hi - lo) / 2, hi];
  const titleId = `trend-${trend.analyte}-title`;
  const descId = `trend-${trend.analyte}-desc`;
  const ranges = new Set(pts.map((p) => `${p.ref_low}|${p.ref_high}`));
  const bandText =
    ranges.size === 1 ? tt.range(rangeText(pts[0].ref_low, pts[0].ref_high, trend.unit)) : tt.rangesDiffer;

  const drawing = drawingMarkup({
    // Every chart's shapes are the same, so two names made alike by the cleaning would do no harm.
    shapes: `shape-${trend.analyte.replace(/[^a-z0-9_-]/gi, '_')}`,
    steps,
    ticks,
    at,
    labels,
    lo,
    hi,
    y,
    r1,
  });
  return (
    <figure className="trend-figure">
      <svg className="trend-chart" height={H} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{tt.overTime(trend.name, trend.unit)}</title>
        <desc id={descId}>
          {listed
            ? `${bandText} ${tt.listed}`
            : `${bandText} ${pts
                .map(
                  (p) =>
                    `${formatDate(p.date, lang)}: ${formatNumber(p.value)} ${trend.unit}${p.out_of_range ? tt.pointOut : hasNoRange(p) ? tt.pointNoRange : ''}, ${tt.pointRange} ${rangeText(p.ref_low, p.ref_high, trend.unit)}`,
                )
                .join('; ')}`}
        </desc>
        {/* The drawing is numbers, class names and dates: one piece of markup, not ~50 elements a chart. */}
        <g className="trend-drawing" dangerouslySetInnerHTML={{ __html: drawing }} />
      </svg>
      <figcaption className="muted small">
        {bandText} <span className="legend-in">●</span> {tt.inRange} <span className="legend-out">◆</span>{' '}
        {tt.outOfRange}
        {pts.some(hasNoRange) ? (
          <>
            {' '}
            <span className="legend-none">■</span> {tt.noRange}
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}
