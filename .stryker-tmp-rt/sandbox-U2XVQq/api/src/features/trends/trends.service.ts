// @ts-nocheck
import type { AnalyteTrend, TrendPoint } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { getAnalyte, normalizeUnit, toBaseUnit } from '../../analysis/knowledge';
import { notFound } from '../../http/errors';
import { numericValues, type ValueRow } from './trends.repo';
import { trendSentence } from './trend-sentence';

export const TREND_NOT_FOUND = 'No trend for this test yet: it needs values from two analysed reports';

const round = (n: number) => Number.parseFloat(n.toPrecision(6));

/**
 * A converter from a report's printed unit to the analyte's one unit: the knowledge base's factor
 * (mmol/L → mg/dL for glucose, g/L → g/dL, lakhs/cumm → /cumm ...); for an analyte it does not
 * know, only values printed in the most common unit are kept.
 */
function converterFor(id: string, rows: ValueRow[]) {
  const analyte = getAnalyte(id);
  if (analyte)
    return {
      unit: analyte.unit,
      name: analyte.name,
      convert: (v: number, unit: string) => toBaseUnit(analyte, v, unit),
    };
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(normalizeUnit(r.unit), (counts.get(normalizeUnit(r.unit)) ?? 0) + 1);
  const common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const printed = rows.find((r) => normalizeUnit(r.unit) === common)?.unit ?? '';
  const name = rows[rows.length - 1]?.name ?? id;
  return {
    unit: printed,
    name: { en: name, hi: name },
    convert: (v: number, unit: string) => (normalizeUnit(unit) === common ? v : null),
  };
}

function buildTrend(id: string, rows: ValueRow[]): AnalyteTrend | null {
  const conv = converterFor(id, rows);
  const points: TrendPoint[] = [];
  const seen = new Set<number>();
  for (const r of rows) {
    // One point per report: the first printed value of the analyte.
    if (seen.has(r.report_id) || r.value_numeric === null) continue;
    const value = conv.convert(r.value_numeric, r.unit);
    if (value === null) continue;
    seen.add(r.report_id);
    const factor = r.value_numeric !== 0 ? value / r.value_numeric : 1;
    const low = r.ref_low === null ? null : round(r.ref_low * factor);
    const high = r.ref_high === null ? null : round(r.ref_high * factor);
    points.push({
      report_id: r.report_id,
      date: r.created_at.toISOString(),
      value: round(value),
      unit: conv.unit,
      original_value: r.value_numeric,
      original_unit: r.unit,
      ref_low: low,
      ref_high: high,
      flag: r.flag,
      out_of_range:
        (low !== null && value < low) || (high !== null && value > high) || !['normal'].includes(r.flag),
    });
  }
  if (points.length < 2) return null;
  const first = points[0];
  const last = points[points.length - 1];
  const { direction, sentence } = trendSentence({
    name: conv.name,
    unit: conv.unit,
    first: { value: first.value, date: new Date(first.date) },
    last: { value: last.value, date: new Date(last.date) },
    low: last.ref_low,
    high: last.ref_high,
  });
  return {
    analyte: id,
    name: conv.name.en,
    unit: conv.unit,
    ref_low: last.ref_low,
    ref_high: last.ref_high,
    points,
    direction,
    sentence,
  };
}

function byAnalyte(rows: ValueRow[]): Map<string, ValueRow[]> {
  const groups = new Map<string, ValueRow[]>();
  for (const r of rows) {
    const list = groups.get(r.canonical_id);
    if (list) list.push(r);
    else groups.set(r.canonical_id, [r]);
  }
  return groups;
}

/** Every analyte the user has in two or more analysed reports, most measured first. */
export async function listTrends(db: DB, userId: number): Promise<AnalyteTrend[]> {
  const trends: AnalyteTrend[] = [];
  for (const [id, rows] of byAnalyte(await numericValues(db, userId))) {
    const t = buildTrend(id, rows);
    if (t) trends.push(t);
  }
  return trends.sort((a, b) => b.points.length - a.points.length || a.name.localeCompare(b.name));
}

export async function getTrend(db: DB, userId: number, analyte: string): Promise<AnalyteTrend> {
  const t = buildTrend(analyte, await numericValues(db, userId, analyte));
  if (!t) throw notFound(TREND_NOT_FOUND);
  return t;
}
