import type { Analyte } from '../types';
import { parseRange, type ParsedRange } from '../parse/ranges';
import { displayUnit } from '../parse/units';
import { normalizeUnit } from '../knowledge/units';

/**
 * One spelling per unit: a printed unit ('gm / dl', 'mg%', 'IU/L.') is shown as the knowledge
 * base spells the same unit for that analyte ('g/dL', 'mg/dL', 'U/L'); a unit the knowledge base
 * does not list keeps its printed spelling, cleaned of stray spaces and dots.
 */
export function unitSpelling(analyte: Analyte, printed: string): string {
  const cleaned = displayUnit(printed)
    .replace(/\s*\/\s*/g, '/')
    .replace(/\.+$/, '')
    .trim();
  if (!cleaned) return '';
  // The knowledge base's spelling of the same unit (knowledge/units.ts: 'gm%' is 'g/dL', 'cells/cu.mm'
  // is '/cumm'). Units equal in value under another name (mEq/L and mmol/L, IU/L and U/L) are
  // not the same unit there, so the patient still sees the unit printed on the report.
  const key = normalizeUnit(cleaned);
  return [analyte.unit, ...Object.keys(analyte.units)].find((k) => k && normalizeUnit(k) === key) ?? cleaned;
}

/**
 * The knowledge base's unit for a row that printed none, when it is the only plausible one: the
 * printed range (or, without one, the value) sits where the analyte's adult range sits in that
 * unit, and in none of the analyte's other units. Null when no unit can be inferred.
 */
export function inferUnit(analyte: Analyte, value: number | string, range: ParsedRange): string | null {
  if (!analyte.unit || typeof value !== 'number' || analyte.kind !== 'quantitative') return null;
  if (normalizeUnit(analyte.unit) === '') return null;
  const ref = analyte.reference.any ?? analyte.reference.male ?? analyte.reference.female;
  if (!ref || (ref.low === null && ref.high === null)) return null;
  const probe = range.kind === 'numeric' ? (range.high ?? range.low) : value;
  if (probe === null || probe <= 0) return null;
  const kbMark = ref.high ?? ref.low ?? 0;
  if (kbMark <= 0) return null;
  const fits = (factor: number) => {
    const ratio = (probe * factor) / kbMark;
    return ratio > 0.2 && ratio < 5;
  };
  if (!fits(1)) return range.kind === 'numeric' ? null : onlyPlausibleScale(analyte, probe);
  for (const factor of Object.values(analyte.units)) {
    if (factor > 0.5 && factor < 2) continue; // the same scale
    if (fits(factor)) return null;
  }
  return analyte.unit;
}

/**
 * A far-from-normal value printed without unit or range ('Platelets  12,000'): its unit is the one
 * scale of the analyte in which it is a living patient's value (knowledge/limits.ts) — 12,000
 * platelets is possible per µL, never per nL or in lakhs. Null when no scale, or more than one
 * ('1.5' platelets: thousands or lakhs), makes it possible.
 */
function onlyPlausibleScale(analyte: Analyte, value: number): string | null {
  const limits = analyte.plausible;
  if (!limits) return null;
  const scales = new Map<number, string>([[1, analyte.unit]]);
  for (const [unit, factor] of Object.entries(analyte.units))
    if (![...scales.keys()].some((f) => factor / f > 0.5 && factor / f < 2)) scales.set(factor, unit);
  const possible = [...scales].filter(([factor]) => {
    const base = value * factor;
    return base >= limits.low && base <= limits.high;
  });
  return possible.length === 1 ? possible[0][1] : null;
}

/** A unit whose scale is another of the analyte's than its base unit's (µmol/L for bilirubin). */
function otherScale(analyte: Analyte, unit: string): boolean {
  const key = normalizeUnit(unit);
  const factor = Object.entries(analyte.units).find(([u]) => normalizeUnit(u) === key)?.[1];
  return factor !== undefined && (factor < 0.5 || factor > 2);
}

/**
 * The base unit for a row printed without one whose value would fit more than one of its
 * test's scales ('DB 1.1': mg/dL or µmol/L), told by the other rows of the same report: where
 * at least two are in their tests' base units (mg/dL, g/dL; printed, or the only unit their
 * values fit) and none prints a unit of another scale (µmol/L for a test whose base is mg/dL),
 * the report writes in base units, and so did this row — if its value is one a patient can have
 * in that unit.
 */
export function unitOfTheReport(
  analyte: Analyte,
  value: number | string,
  others: ReadonlyArray<{
    analyte: Analyte;
    unit: string;
    known: boolean;
    value: { value: number | string };
    rangeText: string;
  }>,
): string | null {
  if (typeof value !== 'number' || analyte.kind !== 'quantitative' || !analyte.unit) return null;
  if (normalizeUnit(analyte.unit) === '') return null;
  const p = analyte.plausible;
  if (p && (value < p.low || value > p.high)) return null;
  const rest = others.filter((r) => r.known && r.analyte.id !== analyte.id);
  if (rest.some((r) => r.unit && otherScale(r.analyte, r.unit))) return null;
  const base = rest.filter((r) => {
    const unit = r.unit || inferUnit(r.analyte, r.value.value, parseRange(r.rangeText, null, null));
    return !!unit && !!r.analyte.unit && normalizeUnit(unit) === normalizeUnit(r.analyte.unit);
  });
  return base.length >= 2 ? analyte.unit : null;
}
