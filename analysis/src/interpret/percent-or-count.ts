import { analyteById } from '../parse/match-analyte';
import { normalizeUnit } from '../knowledge/units';
import type { Analyte } from '../types';
import { toBaseFactor } from './flags';

/**
 * A white cell type is printed twice on most blood counts: as a share of all white cells (%) and
 * as an absolute count (×10³/µL, /cumm). Which one a row is, is decided by its unit and the
 * magnitude of its printed range, never by the name alone (decision 193): 'Neutrophils 4.7
 * ×10³/µL (2-7)' is a count, not 4.7 %.
 */
const ABSOLUTE_OF: Record<string, string> = {
  neutrophils: 'absolute_neutrophil_count',
  lymphocytes: 'absolute_lymphocyte_count',
  monocytes: 'absolute_monocyte_count',
  eosinophils: 'absolute_eosinophil_count',
  basophils: 'absolute_basophil_count',
};
const PERCENT_OF: Record<string, string> = Object.fromEntries(
  Object.entries(ABSOLUTE_OF).map(([pct, abs]) => [abs, pct]),
);

function refHigh(a: Analyte): number | null {
  return a.reference.any?.high ?? a.reference.male?.high ?? a.reference.female?.high ?? null;
}

/** Within a factor of three. */
function near(x: number, y: number | null): boolean {
  return y !== null && y > 0 && x / y >= 1 / 3 && x / y <= 3;
}

export function percentOrCount(
  analyte: Analyte,
  unit: string,
  range: { low: number | null; high: number | null },
): Analyte {
  const pctId = ABSOLUTE_OF[analyte.id] ? analyte.id : PERCENT_OF[analyte.id];
  if (!pctId) return analyte;
  const pct = analyteById(pctId);
  const abs = analyteById(ABSOLUTE_OF[pctId]);
  if (!pct || !abs) return analyte;
  const u = normalizeUnit(unit);
  if (unit.trim()) {
    if (u === '%') return pct;
    return toBaseFactor(abs, unit) !== null ? abs : analyte;
  }
  // No unit: the printed range's magnitude says which (a share's 40-80 or a count's 2-7 thousand).
  if (range.high === null) return analyte;
  const asShare = near(range.high, refHigh(pct));
  const asThousands = near(range.high * 1000, refHigh(abs));
  const asCount = near(range.high, refHigh(abs));
  if (asShare && !asThousands && !asCount) return pct;
  if (!asShare && (asThousands || asCount)) return abs;
  return analyte;
}
