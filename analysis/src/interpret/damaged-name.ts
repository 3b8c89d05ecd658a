import type { Row } from '../parse/row';
import { damagedNameCandidates } from '../parse/match-analyte';
import { repairInvertedRange, repairOcrRangeText, repairRangeScale } from '../parse/ocr-repair';
import { parseRange } from '../parse/ranges';
import { unitFactor } from '../knowledge/units';
import type { Analyte, PatientInfo } from '../types';
import { judge } from './plausibility';

/**
 * A photo's row whose name matched no test because a stamp, a pen stroke or the page's edge
 * damaged it ('Poasum', 'Hematocr', 'LPH'): a wrong test shown is worse than a row unread, so a
 * damaged name is taken for a test only when everything else on the row says the same:
 *  - the name is a start of, or near, one of the test's names (parse/match-analyte.ts
 *    damagedNameCandidates);
 *  - the printed unit is one the test is printed in (a unitless test: no unit printed);
 *  - the printed range is the test's own: each bound printed within 40 % of the knowledge base's
 *    (after the range's OCR repairs, as a row of that test gets them), at least one bound compared;
 *  - the value is possible for the test (knowledge/limits.ts), as read or with a lost point;
 *  - the test is not already on the report;
 * and exactly one test passes.
 */
export function recogniseDamagedName(
  row: Row,
  present: ReadonlySet<string>,
  patient: PatientInfo,
): Analyte | null {
  if (row.known) return null;
  const fits = damagedNameCandidates(row.name).filter(
    (a) =>
      !present.has(a.id) &&
      unitFits(a, row.unit) &&
      rangeFits(a, row.rangeText, row.unit, patient) &&
      valueFits(a, row.value.value, row.unit),
  );
  return fits.length === 1 ? fits[0] : null;
}

function unitFits(a: Analyte, unit: string): boolean {
  if (a.unit === '') return !unit.trim();
  return !!unit.trim() && unitFactor(unit, a.unit, a.units) !== null;
}

function rangeFits(a: Analyte, rangeText: string, unit: string, patient: PatientInfo): boolean {
  const factor = a.unit === '' ? 1 : unitFactor(unit, a.unit, a.units);
  if (factor === null) return false;
  // The range's OCR repairs as a row of this test gets them ('171-371' for 1.71-3.71: check-row.ts).
  const range = repairRangeScale(
    repairInvertedRange(parseRange(repairOcrRangeText(rangeText), patient.sex, patient.age)),
    a,
    factor,
  );
  if (range.low === null && range.high === null) return false;
  const refs = [a.reference.any, a.reference.male, a.reference.female].filter((r) => !!r);
  const near = (printed: number | null, known: number | null | undefined) =>
    printed === null || known == null
      ? null
      : known === 0
        ? printed === 0
        : printed * factor >= known / 1.4 && printed * factor <= known * 1.4;
  return refs.some((ref) => {
    const checks = [near(range.low, ref.low), near(range.high, ref.high)].filter((c) => c !== null);
    return checks.length > 0 && checks.every(Boolean);
  });
}

function valueFits(a: Analyte, value: number | string, unit: string): boolean {
  if (typeof value !== 'number') return a.kind === 'qualitative';
  if (a.kind !== 'quantitative') return false;
  return [value, value / 10, value / 100].some((v) => judge(a, v, unit) === 'plausible');
}
