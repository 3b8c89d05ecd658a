/**
 * Where a trend chart puts things, as plain arithmetic the chart component draws: points spread
 * where samples share a day, the reference band as steps (each point's own range), and the date
 * labels that fit without touching each other.
 */

/**
 * The value axis: every value and range bound drawn, with a tenth of the span as margin on each
 * side, but never below zero when nothing drawn is below zero (a TSH axis at -1.3 reads as a value).
 */
export function valueAxis(drawn: number[]): { lo: number; hi: number } {
  let lo = Math.min(...drawn);
  let hi = Math.max(...drawn);
  if (hi === lo) {
    hi += Math.abs(hi) * 0.1 || 1;
    lo = lo > 0 ? lo - lo * 0.1 : lo < 0 ? lo * 1.1 : 0;
  }
  const span = hi - lo;
  return { lo: lo >= 0 ? Math.max(0, lo - span * 0.1) : lo - span * 0.1, hi: hi + span * 0.1 };
}

export interface LaidPoint {
  date: string;
  /** Where the day sits on the time axis. */
  dayX: number;
  /** Where the point is drawn: reports of one day sit side by side around their day. */
  x: number;
}

/**
 * Points of one day (three reports on one morning) side by side, `gap` apart, centred on it — but
 * never past `left` or `right`: the first or the latest day's row of points is moved inwards as a
 * whole (four reports of one day, centred on the plot's edge, were drawn over the value labels on
 * the left and off the plot on the right).
 */
export function spreadSameDay(
  dates: string[],
  xOfDate: (d: string) => number,
  gap = 12,
  left = -Infinity,
  right = Infinity,
): LaidPoint[] {
  const out: LaidPoint[] = [];
  for (let i = 0; i < dates.length;) {
    let j = i;
    while (j < dates.length && dates[j] === dates[i]) j++;
    const dayX = xOfDate(dates[i]);
    const half = ((j - i - 1) / 2) * gap;
    const centre = Math.min(Math.max(dayX, left + half), right - half);
    for (let k = i; k < j; k++) out.push({ date: dates[k], dayX, x: centre + (k - i) * gap - half });
    i = j;
  }
  return out;
}

export interface BandStep {
  x0: number;
  x1: number;
  low: number | null;
  high: number | null;
}

/**
 * The band under each point is that point's own range: a step from halfway to the previous point to
 * halfway to the next. Neighbours with the same range merge into one step; a point whose report
 * prints no range has no band under it.
 */
export function bandSteps(
  pts: Array<{ x: number; low: number | null; high: number | null }>,
  left: number,
  right: number,
): BandStep[] {
  const steps: BandStep[] = [];
  pts.forEach((p, i) => {
    const x0 = i === 0 ? left : (pts[i - 1].x + p.x) / 2;
    const x1 = i === pts.length - 1 ? right : (p.x + pts[i + 1].x) / 2;
    if (p.low === null && p.high === null) return;
    const prev = steps[steps.length - 1];
    if (prev && prev.x1 === x0 && prev.low === p.low && prev.high === p.high) prev.x1 = x1;
    else steps.push({ x0, x1, low: p.low, high: p.high });
  });
  return steps;
}

export interface AxisLabel {
  x: number;
  text: string;
  anchor: 'start' | 'middle' | 'end';
}

/**
 * Date labels that never overlap: one per day, at most, with the first and the latest day always
 * labelled, and a label between them only where it keeps `gap` clear of its neighbours. A label's
 * width is estimated from its characters (`charWidth` per character at the axis' font size).
 */
export function dateLabels(
  days: Array<{ x: number; text: string }>,
  left: number,
  right: number,
  charWidth = 7,
  gap = 10,
): AxisLabel[] {
  const unique = days.filter((d, i) => i === 0 || d.text !== days[i - 1].text);
  if (unique.length === 0) return [];
  const extent = (l: AxisLabel) => {
    const w = l.text.length * charWidth;
    const x0 = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
    return [x0, x0 + w] as const;
  };
  // A label is centred under its day, pushed inwards (anchored at its start or end) at the edges.
  const place = (d: { x: number; text: string }): AxisLabel => {
    const w = d.text.length * charWidth;
    if (d.x - w / 2 < left) return { x: Math.max(d.x, left), text: d.text, anchor: 'start' };
    if (d.x + w / 2 > right) return { x: Math.min(d.x, right), text: d.text, anchor: 'end' };
    return { x: d.x, text: d.text, anchor: 'middle' };
  };
  const first = place(unique[0]);
  if (unique.length === 1) return [{ ...first, anchor: 'middle', x: unique[0].x }];
  const last = place(unique[unique.length - 1]);
  const clear = (a: AxisLabel, b: AxisLabel) => extent(a)[1] + gap <= extent(b)[0];
  const chosen: AxisLabel[] = [first];
  for (const d of unique.slice(1, -1)) {
    const l = place(d);
    if (clear(chosen[chosen.length - 1], l) && clear(l, last)) chosen.push(l);
  }
  // Every middle label was kept clear of the latest; only the first can be too close to it (two
  // days a few pixels apart), and then the latest day is the one labelled.
  return clear(chosen[chosen.length - 1], last) ? [...chosen, last] : [last];
}
