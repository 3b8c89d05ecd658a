import type { Analyte } from '../types';

/**
 * A printed range is used for a flag only when it was read whole (decision 193): its bounds, in
 * the analyte's base unit, must be bounds this test could have. On a photo '4.5-5.5' read as
 * '45-55' for a red cell count, or a range whose point was lost, would otherwise flag a normal
 * value. Sensible means: inside the physiological limits, and overlapping the knowledge base's
 * range widened fourfold each way (labs differ, but not by a decimal place).
 */
const WIDEN = 4;

export function rangeMakesSense(
  analyte: Analyte,
  range: { low: number | null; high: number | null },
  factor: number | null,
  fuzzy = false,
): boolean {
  if (analyte.kind !== 'quantitative') return true;
  // No unit that converts: the range may be in any unit the test is printed in.
  const factors = factor === null ? [1, ...Object.values(analyte.units)] : [factor];
  return factors.some((f) => inScale(analyte, range, f, fuzzy));
}

/**
 * Text and PDF text layers give the range as printed, so only bounds no living patient's test
 * has are refused there; OCR's ranges are also held to the knowledge base's scale.
 */
function inScale(
  analyte: Analyte,
  range: { low: number | null; high: number | null },
  f: number,
  fuzzy: boolean,
): boolean {
  const low = range.low === null ? null : range.low * f;
  const high = range.high === null ? null : range.high * f;
  if (low !== null && high !== null && low > high) return false;
  const p = analyte.plausible;
  if (p) {
    const span = p.high - p.low;
    if (low !== null && low > p.high) return false;
    if (high !== null && (high > p.high + span || high < p.low)) return false;
  }
  const refs = [analyte.reference.any, analyte.reference.male, analyte.reference.female].filter(
    (r): r is { low: number | null; high: number | null } => !!r && (r.low !== null || r.high !== null),
  );
  if (!refs.length || !fuzzy) return true;
  const kLow = Math.min(...refs.map((r) => r.low ?? 0));
  const kHighs = refs.map((r) => r.high).filter((h): h is number => h !== null);
  const kHigh = kHighs.length ? Math.max(...kHighs) : null;
  if (kHigh !== null && low !== null && low > kHigh * WIDEN) return false;
  if (kHigh !== null && high !== null && kHigh > 0 && high > kHigh * WIDEN) return false;
  if (kLow > 0 && high !== null && high < kLow / WIDEN) return false;
  return true;
}
