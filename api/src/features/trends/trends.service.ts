import type { AnalyteTrend, TrendPoint, TrendsResponse } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { getAnalyte, normalizeUnit, toBaseUnit } from '../../analysis/knowledge';
import { notFound } from '../../http/errors';
import { totalPages } from '../../http/list-query';
import { cappedPoints, TREND_POINT_CAP, unitGroups, type PointRow, type UnitGroup } from './trends.repo';
import { trendSentence } from './trend-sentence';

export const TREND_NOT_FOUND = 'No trend for this test yet: it needs values from two analysed reports';

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

function toPoint(r: PointRow, conv: Converter): TrendPoint {
  const value = conv.convert(r.value_numeric, r.unit) ?? r.value_numeric;
  const factor = r.value_numeric !== 0 ? value / r.value_numeric : 1;
  const low = r.ref_low === null ? null : round(r.ref_low * factor);
  const high = r.ref_high === null ? null : round(r.ref_high * factor);
  return {
    report_id: r.report_id,
    date: r.created_at.toISOString(),
    value: round(value),
    unit: conv.unit,
    original_value: r.value_numeric,
    original_unit: r.unit,
    ref_low: low,
    ref_high: high,
    flag: r.flag,
    out_of_range: (low !== null && value < low) || (high !== null && value > high) || r.flag !== 'normal',
  };
}

/** One analyte's trend from its rows (the latest points and the first, oldest first). */
function buildTrend(id: string, rows: PointRow[], conv: Converter): AnalyteTrend | null {
  const total = rows[0]?.total ?? 0;
  if (total < 2) return null;
  const latest = rows.filter((r) => r.rn <= TREND_POINT_CAP);
  const points = latest.map((r) => toPoint(r, conv));
  const firstRow = rows.find((r) => r.rn === total) ?? rows[0];
  const first = toPoint(firstRow, conv);
  const last = points[points.length - 1];
  const known = getAnalyte(id);
  const name = known?.name ?? { en: latest[latest.length - 1].name, hi: latest[latest.length - 1].name };
  // First and last of the whole series, not of the points drawn.
  const { direction, sentence } = trendSentence({
    name,
    unit: conv.unit,
    first: { value: first.value, date: new Date(first.date) },
    last: { value: last.value, date: new Date(last.date) },
    low: last.ref_low,
    high: last.ref_high,
  });
  return {
    analyte: id,
    name: name.en,
    unit: conv.unit,
    ref_low: last.ref_low,
    ref_high: last.ref_high,
    points,
    total_points: total,
    first_point: first,
    direction,
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

/** Every trend of the user (or of one analyte), each capped at TREND_POINT_CAP points. */
async function trendsOf(db: DB, userId: number, analyte?: string): Promise<AnalyteTrend[]> {
  const converters = new Map<string, Converter>();
  for (const [id, groups] of groupBy(await unitGroups(db, userId, analyte)))
    converters.set(id, converterFor(id, groups));
  const accepted = [...converters].flatMap(([id, c]) =>
    c.accepted.map((unit) => ({ canonical_id: id, unit })),
  );
  const trends: AnalyteTrend[] = [];
  for (const [id, rows] of groupBy(await cappedPoints(db, userId, accepted, TREND_POINT_CAP))) {
    const t = buildTrend(id, rows, converters.get(id)!);
    if (t) trends.push(t);
  }
  return trends;
}

/**
 * The analytes the user has in two or more analysed reports, most measured first, a page at a
 * time: a user with many tests gets a page of charts, not all of them.
 */
export async function listTrends(
  db: DB,
  userId: number,
  q: { page: number; per_page: number },
): Promise<TrendsResponse> {
  const all = (await trendsOf(db, userId)).sort(
    (a, b) => b.total_points - a.total_points || a.name.localeCompare(b.name),
  );
  const start = (q.page - 1) * q.per_page;
  return {
    trends: all.slice(start, start + q.per_page),
    total_count: all.length,
    total_pages: totalPages(all.length, q.per_page),
    page: q.page,
    per_page: q.per_page,
  };
}

export async function getTrend(db: DB, userId: number, analyte: string): Promise<AnalyteTrend> {
  const [t] = await trendsOf(db, userId, analyte);
  if (!t) throw notFound(TREND_NOT_FOUND);
  return t;
}
