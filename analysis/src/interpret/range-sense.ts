import type { Analyte } from '../types';

/**
 * A printed range is used for a flag only when it was read whole (decision 193): never inverted,
 * its bounds, in the analyte's base unit, bounds this test could have (on any page), and on OCR
 * text also near the knowledge base's scale. On a photo '4.5-5.5' read as
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
  value: number | null = null,
): boolean {
  if (analyte.kind !== 'quantitative') return true;
  // The range and the value share the printed unit, whatever it is called ('cells/cumm' printed
  // for millions): another unit of the test may make the range sensible, if it makes the value
  // possible too ('135-175' is g/L, but then 12 beside it is no haemoglobin).
  const p = analyte.plausible;
  const valueFits = (f: number) => value === null || !p || (value * f >= p.low && value * f <= p.high);
  const others = [1, ...Object.values(analyte.units)].filter((f) => f !== factor && valueFits(f));
  const factors = [...(factor === null ? [] : [factor]), ...others];
  return factors.some((f) => inScale(analyte, range, f, fuzzy, value));
}

/** OCR's ranges are held to the physiological limits and to the knowledge base's scale. */
function inScale(
  analyte: Analyte,
  range: { low: number | null; high: number | null },
  f: number,
  fuzzy: boolean,
  value: number | null,
): boolean {
  const low = range.low === null ? null : range.low * f;
  const high = range.high === null ? null : range.high * f;
  if (low !== null && high !== null && low > high) return false;
  // Bounds no patient's result could have ('45-55' million red cells, '35-51' mmol/L potassium, a
  // typed '1355-145' for sodium) beside a value a patient could have are a slip on any page, typed
  // or photographed (decision 249). On a typed page a value as odd as its range ('RDW-SD 16 fL,
  // 9 - 17') is the lab's own printing of both, and the range stays.
  const p = analyte.plausible;
  const valuePossible = value === null || !p || (value * f >= p.low && value * f <= p.high);
  if (p && (fuzzy || valuePossible)) {
    const span = p.high - p.low;
    if (low !== null && low > p.high) return false;
    if (high !== null && (high > p.high + span || high < p.low)) return false;
  }
  // Otherwise a text layer's range is as the lab printed it, odd or not ('RDW 9 - 17 fl').
  if (!fuzzy) return true;
  const refs = [analyte.reference.any, analyte.reference.male, analyte.reference.female].filter(
    (r): r is { low: number | null; high: number | null } => !!r && (r.low !== null || r.high !== null),
  );
  if (!refs.length) return true;
  const kLow = Math.min(...refs.map((r) => r.low ?? 0));
  const kHighs = refs.map((r) => r.high).filter((h): h is number => h !== null);
  const kHigh = kHighs.length ? Math.max(...kHighs) : null;
  if (kHigh !== null && low !== null && low > kHigh * WIDEN) return false;
  if (kHigh !== null && high !== null && kHigh > 0 && high > kHigh * WIDEN) return false;
  if (kLow > 0 && high !== null && high < kLow / WIDEN) return false;
  return true;
}
