import { fmtNumber } from '../parse/numbers';
import type { Analyte } from '../types';
import { toBaseFactor } from './flags';
import type { CheckedRow } from './check-row';
import { DECIMAL_CONFIDENCE, type Settled } from './plausibility';

/**
 * Values a lab calculates from two others on the same report: an LDL/HDL ratio is LDL over HDL,
 * globulin is total protein less albumin. When a photo's reading of such a value could not be
 * settled (interpret/plausibility.ts: '13' for a ratio printed 1.3 is possible, but far above the
 * printed range while 1.3 would be inside it), the report's own components settle it: of the
 * reading and its decimal readings, the one that agrees with them is used (decision 049).
 */
interface Derivation {
  id: string;
  of: [string, string];
  op: 'ratio' | 'difference';
}

const DERIVED: Derivation[] = [
  { id: 'ldl_hdl_ratio', of: ['ldl_cholesterol', 'hdl_cholesterol'], op: 'ratio' },
  { id: 'chol_hdl_ratio', of: ['total_cholesterol', 'hdl_cholesterol'], op: 'ratio' },
  { id: 'ag_ratio', of: ['albumin', 'globulin'], op: 'ratio' },
  { id: 'non_hdl_cholesterol', of: ['total_cholesterol', 'hdl_cholesterol'], op: 'difference' },
  { id: 'globulin', of: ['total_protein', 'albumin'], op: 'difference' },
];

/** A value of the report as the engine read it, before flags. */
export interface ReadValue {
  analyte: Analyte;
  name: string;
  /** The value token as read ('13'). */
  raw: string;
  value: number | string;
  unit: string;
  settled: Settled | null;
}

/** The value in the analyte's base unit, or null when its unit cannot be converted. */
function base(v: ReadValue, value: number): number | null {
  const factor = v.unit ? toBaseFactor(v.analyte, v.unit) : 1;
  return factor === null ? null : value * factor;
}

/** Digits after the decimal point of a number as it would be printed. */
function decimals(n: number): number {
  const s = String(n);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * A component taken as read: a number, not uncertain, no decimal point put back, so that one
 * doubtful reading is never settled by another.
 */
function trusted(values: ReadValue[], id: string): ReadValue | null {
  const found = values.filter((v) => v.analyte.id === id);
  if (found.length !== 1) return null;
  const v = found[0];
  if (typeof v.value !== 'number' || v.settled?.uncertain || v.settled?.confidence != null) return null;
  return v;
}

/**
 * The settled reading of `target` from its components on the report, or null when they are not
 * there or do not settle it (no reading agrees, or more than one does).
 */
export function settleFromComponents(target: ReadValue, values: ReadValue[]): Settled | null {
  if (!target.settled?.uncertain || typeof target.value !== 'number') return null;
  const rule = DERIVED.find((d) => d.id === target.analyte.id);
  if (!rule) return null;
  const [a, b] = rule.of.map((id) => trusted(values, id));
  if (!a || !b) return null;
  const av = base(a, a.value as number);
  const bv = base(b, b.value as number);
  if (av === null || bv === null) return null;
  const expected = rule.op === 'ratio' ? (bv > 0 ? av / bv : null) : av - bv;
  if (expected === null || !(expected > 0)) return null;
  const read = target.value;
  const integer = /^\d+$/.test(target.raw.replace(/[<>\s,]/g, ''));
  const candidates = [read, ...(integer ? [read / 10, read / 100] : [])];
  // Printed values are rounded (1.27 printed 1.3) and the components are rounded too.
  // A ratio has no unit to convert ('Ratio' or none printed).
  const agrees = (c: number) => {
    const cb = rule.op === 'ratio' ? c : base(target, c);
    return cb !== null && Math.abs(cb - expected) <= 0.05 * expected + 0.5 * 10 ** -decimals(c);
  };
  const fits = candidates.filter(agrees);
  if (fits.length !== 1) return null;
  const pick = fits[0];
  const from = `${a.name} and ${b.name} on this report give ${fmtNumber(Math.round(expected * 100) / 100)}`;
  if (pick === read) {
    return {
      value: read,
      uncertain: false,
      confidence: null,
      note: `Read as ${target.raw} on the image; ${from}, which confirms it.`,
    };
  }
  const u = target.unit ? ` ${target.unit}` : '';
  return {
    value: pick,
    uncertain: false,
    confidence: DECIMAL_CONFIDENCE,
    note: `Read as ${target.raw} on the image; ${from}, so ${fmtNumber(pick)}${u} was used (a lost decimal point).`,
  };
}

/** Every uncertain derived value of the report settled from its components where they agree. */
export function settleDerivedRows(rows: CheckedRow[]): void {
  const asRead: ReadValue[] = rows.map((r) => ({
    analyte: r.row.analyte,
    name: r.row.name,
    raw: r.row.value.raw,
    value: r.value,
    unit: r.unit,
    settled: r.settled,
  }));
  for (const [i, r] of rows.entries()) {
    const settled = settleFromComponents(asRead[i], asRead);
    if (settled) Object.assign(r, { settled, value: settled.value });
  }
}
