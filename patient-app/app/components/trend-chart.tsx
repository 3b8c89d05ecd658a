import type { AnalyteTrend, TrendPoint } from '@reportsaathi/contracts/user';
import { formatDate } from '../utils/format';

/**
 * One analyte over time as plain SVG drawn on the server (no chart library: nothing to download on
 * a slow phone). The reference band is shaded; out-of-range points are red diamonds, in-range ones
 * teal dots, and every point is also listed in text for screen readers.
 */
const W = 600;
const H = 220;
const PAD = { top: 14, right: 16, bottom: 34, left: 52 };

function niceNumber(n: number): string {
  const abs = Math.abs(n);
  return abs >= 100
    ? n.toFixed(0)
    : abs >= 10
      ? n.toFixed(1).replace(/\.0$/, '')
      : n.toFixed(2).replace(/\.?0+$/, '');
}

/** What the chart draws: the page sends the browser no more of a trend than it shows. */
export type ChartTrend = Pick<AnalyteTrend, 'analyte' | 'name' | 'unit' | 'ref_low' | 'ref_high'> & {
  points: Pick<TrendPoint, 'report_id' | 'date' | 'value' | 'out_of_range'>[];
};

export function TrendChart({ trend }: { trend: ChartTrend }) {
  // ISO dates sort as plain strings; localeCompare would build an ICU collator while the page hydrates
  // (a blocking task of 30-40 ms on a phone) to compare digits.
  const pts = [...trend.points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const values = pts.map((p) => p.value);
  const band = [trend.ref_low, trend.ref_high].filter((v): v is number => typeof v === 'number');
  let lo = Math.min(...values, ...band);
  let hi = Math.max(...values, ...band);
  if (hi === lo) {
    hi += Math.abs(hi) * 0.1 || 1;
    lo -= Math.abs(lo) * 0.1 || 1;
  }
  const span = hi - lo;
  lo -= span * 0.1;
  hi += span * 0.1;
  const t0 = new Date(pts[0].date).getTime();
  const t1 = new Date(pts[pts.length - 1].date).getTime();
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  // Coordinates to a tenth of a unit of the 600-wide drawing (invisible on any screen): a page of ten
  // charts sends about a third less SVG than with every float's 15 digits.
  const r1 = (n: number) => Math.round(n * 10) / 10;
  const x = (d: string) =>
    r1(PAD.left + (t1 === t0 ? innerW / 2 : ((new Date(d).getTime() - t0) / (t1 - t0)) * innerW));
  const y = (v: number) => r1(PAD.top + (1 - (v - lo) / (hi - lo)) * innerH);
  const bandTop = y(Math.min(hi, trend.ref_high ?? hi));
  const bandBottom = y(Math.max(lo, trend.ref_low ?? lo));
  const ticks = [lo, lo + (hi - lo) / 2, hi];
  const titleId = `trend-${trend.analyte}-title`;
  const descId = `trend-${trend.analyte}-desc`;
  const bandText =
    trend.ref_low !== null || trend.ref_high !== null
      ? `Reference range ${trend.ref_low ?? '…'} to ${trend.ref_high ?? '…'} ${trend.unit}.`
      : 'No reference range.';

  return (
    <figure className="trend-figure">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="trend-chart"
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{`${trend.name} (${trend.unit}) over time`}</title>
        <desc id={descId}>
          {`${bandText} ${pts.map((p) => `${formatDate(p.date)}: ${p.value} ${trend.unit}${p.out_of_range ? ' (out of range)' : ''}`).join('; ')}`}
        </desc>
        {band.length > 0 ? (
          <rect
            className="trend-band"
            x={PAD.left}
            y={bandTop}
            width={innerW}
            height={r1(Math.max(0, bandBottom - bandTop))}
          />
        ) : null}
        {ticks.map((v) => (
          <g key={v}>
            <line className="trend-grid" x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} />
            <text className="trend-axis" x={PAD.left - 6} y={r1(y(v) + 4)} textAnchor="end">
              {niceNumber(v)}
            </text>
          </g>
        ))}
        <polyline className="trend-line" points={pts.map((p) => `${x(p.date)},${y(p.value)}`).join(' ')} />
        {pts.map((p, i) =>
          p.out_of_range ? (
            <path
              key={`${p.report_id}-${i}`}
              className="trend-point trend-out"
              data-out-of-range="true"
              d={`M${x(p.date)} ${r1(y(p.value) - 7)}l7 7-7 7-7-7z`}
            />
          ) : (
            <circle
              key={`${p.report_id}-${i}`}
              className="trend-point"
              cx={x(p.date)}
              cy={y(p.value)}
              r={5}
            />
          ),
        )}
        {pts.map((p, i) =>
          i === 0 || i === pts.length - 1 || pts.length <= 4 ? (
            <text
              key={`d-${p.report_id}-${i}`}
              className="trend-axis"
              x={x(p.date)}
              y={H - 10}
              textAnchor={
                i === 0 && pts.length > 1
                  ? 'start'
                  : i === pts.length - 1 && pts.length > 1
                    ? 'end'
                    : 'middle'
              }
            >
              {formatDate(p.date)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="muted small">
        {bandText} <span className="legend-in">●</span> in range <span className="legend-out">◆</span> out of
        range
      </figcaption>
    </figure>
  );
}
