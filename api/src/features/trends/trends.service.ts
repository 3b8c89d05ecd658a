import { TREND_NOT_FOUND } from '@reportsaathi/contracts';
import type { AnalyteTrend, TrendPoint, TrendsResponse } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { getAnalyte, normalizeUnit, toBaseUnit } from '@reportsaathi/analysis';
import { notFound } from '../../kernel/errors';
import { totalPages } from '../../http/list-query';
import {
  seriesEnds,
  seriesTotals,
  TREND_POINT_CAP,
  unitGroups,
  type PointRow,
  type UnitGroup,
} from './trends.repo';
import { trendSentence } from './trend-sentence';
import { toPrintedPrecision } from './printed-precision';

const round = (n: number) => Number.parseFloat(n.toPrecision(6));

interface Converter {
  unit: string;
  /** The printed units whose values go on the chart. */
  accepted: string[];
  convert: (v: number, unit: string) => number | null;
}

/**
 * A converter from a report's printed unit to the analyte's one unit: the knowledge base's factor
 * (mmol/L → mg/dL for glucose, g/L → g/dL, lakhs/cumm → /cumm ...); for an analyte it does not
 * know, only values printed in the most common unit are kept (ties: the unit seen first).
 */
function converterFor(id: string, groups: UnitGroup[]): Converter {
  const analyte = getAnalyte(id);
  if (analyte) {
    const convert = (v: number, unit: string) => toBaseUnit(analyte, v, unit);
    return {
      unit: analyte.unit,
      accepted: groups.filter((g) => convert(1, g.unit) !== null).map((g) => g.unit),
      convert,
    };
  }
  const byFirstSeen = [...groups].sort((a, b) => a.first_at.getTime() - b.first_at.getTime());
  const counts = new Map<string, number>();
  for (const g of byFirstSeen)
    counts.set(normalizeUnit(g.unit), (counts.get(normalizeUnit(g.unit)) ?? 0) + g.reports);
  const common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const accepted = byFirstSeen.filter((g) => normalizeUnit(g.unit) === common).map((g) => g.unit);
  return {
    unit: accepted[0] ?? '',
    accepted,
    convert: (v: number, unit: string) => (normalizeUnit(unit) === common ? v : null),
  };
}

/**
 * A point in the analyte's one unit, with its own report's range converted the same way (a range
 * printed in mmol/L is drawn in mg/dL beside values printed in mg/dL), judged against that range:
 * the colour of a point always agrees with the band drawn under it. Only a report that prints no
 * numeric range is judged by its own flag (a '> 40' range has one bound and is still a range).
 */
function toPoint(r: PointRow, conv: Converter): TrendPoint {
  // Converted values carry the precision printed, no more (printed-precision.ts).
  const value = toPrintedPrecision(conv.convert(r.value_numeric, r.unit) ?? r.value_numeric, r.value_numeric);
  const inUnit = (bound: number | null) =>
    bound === null ? null : round(toPrintedPrecision(conv.convert(bound, r.unit) ?? bound, bound));
  const low = inUnit(r.ref_low);
  const high = inUnit(r.ref_high);
  const hasRange = low !== null || high !== null;
  const out_of_range = hasRange
    ? (low !== null && value < low) || (high !== null && value > high)
    : r.flag !== 'normal';
  return {
    report_id: r.report_id,
    date: r.taken_on,
    date_source: r.date_source,
    value: round(value),
    ref_low: low,
    ref_high: high,
    out_of_range,
    // Only what the list under the chart says: the printed value when it was converted, and
    // the patient's own entry. Every other point carries neither.
    ...(r.unit !== conv.unit ? { printed: { value: r.value_numeric, unit: r.unit } } : {}),
    ...(r.entered_by_patient ? { entered_by_patient: true as const } : {}),
  };
}

/**
 * One analyte's trend from the ends of its series: `latest` newest first (at most the cap), the
 * series' very first point and its length.
 */
function buildTrend(
  id: string,
  ends: { latest: PointRow[]; first: PointRow | undefined; total: number },
  conv: Converter,
): AnalyteTrend | null {
  const { total } = ends;
  if (total < 2 || ends.latest.length === 0) return null;
  const latest = [...ends.latest].reverse();
  const points = latest.map((r) => toPoint(r, conv));
  const first = toPoint(ends.first ?? latest[0], conv);
  const last = points[points.length - 1];
  const known = getAnalyte(id);
  const name = known?.name ?? { en: latest[latest.length - 1].name, hi: latest[latest.length - 1].name };
  // First and last of the whole series, not of the points drawn.
  const { sentence } = trendSentence({
    name,
    unit: conv.unit,
    first: { value: first.value, date: first.date, low: first.ref_low, high: first.ref_high },
    last: { value: last.value, date: last.date, low: last.ref_low, high: last.ref_high },
    // The drawn points between the two ends (a long series' older middle is not read).
    between: points
      .slice(0, -1)
      .filter((p) => p.report_id !== first.report_id)
      .map((p) => ({ value: p.value, date: p.date, low: p.ref_low, high: p.ref_high })),
  });
  return {
    analyte: id,
    name: name.en,
    name_hi: name.hi,
    unit: conv.unit,
    points,
    total_points: total,
    sentence,
  };
}

function groupBy<T extends { canonical_id: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const list = groups.get(r.canonical_id);
    if (list) list.push(r);
    else groups.set(r.canonical_id, [r]);
  }
  return groups;
}

/** An analyte the user has values of: its converter and the length of its series. */
interface Series {
  id: string;
  conv: Converter;
  total: number;
}

const pairsOf = (list: Series[]) =>
  list.flatMap((s) => s.conv.accepted.map((unit) => ({ canonical_id: s.id, unit })));

/**
 * The user's analytes (or one) with their converters and series lengths, from the counts alone:
 * with one accepted unit the length is that unit's count of reports; with more, a report printing
 * two of them counts once (seriesTotals).
 */
async function seriesOf(db: DB, userId: number, analyte?: string): Promise<Series[]> {
  const all: Series[] = [];
  for (const [id, groups] of groupBy(await unitGroups(db, userId, analyte))) {
    const conv = converterFor(id, groups);
    const only = conv.accepted.length === 1 ? groups.find((g) => g.unit === conv.accepted[0]) : undefined;
    all.push({ id, conv, total: conv.accepted.length === 0 ? 0 : (only?.reports ?? -1) });
  }
  const mixed = all.filter((s) => s.total === -1);
  if (mixed.length) {
    const totals = await seriesTotals(db, userId, pairsOf(mixed));
    for (const s of mixed) s.total = totals.get(s.id) ?? 0;
  }
  return all;
}

/** The trends of some analytes: only their ends are read (at most cap + 1 points each). */
async function trendsFor(db: DB, userId: number, list: Series[]): Promise<Map<string, AnalyteTrend>> {
  const rows = groupBy(
    await seriesEnds(
      db,
      userId,
      pairsOf(list),
      TREND_POINT_CAP,
      list.map((s) => s.total),
    ),
  );
  const trends = new Map<string, AnalyteTrend>();
  for (const s of list) {
    const own = rows.get(s.id) ?? [];
    const t = buildTrend(
      s.id,
      {
        latest: own.filter((r) => r.side === 'latest'),
        first: own.find((r) => r.side === 'first'),
        total: s.total,
      },
      s.conv,
    );
    if (t) trends.set(s.id, t);
  }
  return trends;
}

/**
 * The analytes the user has in two or more analysed reports, most measured first, a page at a
 * time: a user with many tests gets a page of charts, not all of them. The order needs only each
 * series' length and the analyte's name (an analyte the knowledge base does not know is named as
 * its latest report prints it), so only the page's analytes have their points read.
 */
export async function listTrends(
  db: DB,
  userId: number,
  q: { page: number; per_page: number },
): Promise<TrendsResponse> {
  const charted = (await seriesOf(db, userId)).filter((s) => s.total >= 2);
  const names = new Map<string, string>();
  const unknown: Series[] = [];
  for (const s of charted) {
    const known = getAnalyte(s.id);
    if (known) names.set(s.id, known.name.en);
    else unknown.push(s);
  }
  if (unknown.length)
    for (const r of await seriesEnds(
      db,
      userId,
      pairsOf(unknown),
      1,
      unknown.map((s) => s.total),
    ))
      if (r.side === 'latest') names.set(r.canonical_id, r.name);
  const sorted = charted
    .map((s) => ({ s, name: names.get(s.id) ?? '' }))
    .sort((a, b) => b.s.total - a.s.total || a.name.localeCompare(b.name))
    .map((x) => x.s);
  const start = (q.page - 1) * q.per_page;
  const page = sorted.slice(start, start + q.per_page);
  const trends = await trendsFor(db, userId, page);
  return {
    trends: page.flatMap((s) => trends.get(s.id) ?? []),
    total_count: sorted.length,
    total_pages: totalPages(sorted.length, q.per_page),
    page: q.page,
    per_page: q.per_page,
  };
}

export async function getTrend(db: DB, userId: number, analyte: string): Promise<AnalyteTrend> {
  const series = (await seriesOf(db, userId, analyte)).filter((s) => s.total >= 2);
  const t = (await trendsFor(db, userId, series)).get(analyte);
  if (!t) throw notFound(TREND_NOT_FOUND);
  return t;
}
