import type { Row } from '../parse/row';
import { repairOcrUnit } from '../parse/ocr-repair';
import { normalizeUnit } from '../knowledge/units';
import { ANALYTES } from '../knowledge';
import type { Analyte } from '../types';
import { toBaseFactor } from './flags';

/**
 * A photo's row whose unit the table reader did not take (issue 31, seed 97 of the stamp-and-pen
 * photos). A stamp over the 'Unit' heading leaves the column without its role: every row of the
 * table is then read without its unit, though each line still holds it ('12.9  ng/mL  30.0-100.0').
 * For a test printed in one unit the knowledge base's is inferred (unit-spelling.ts); for one
 * printed in units whose numbers differ (vitamin D in ng/mL or nmol/L, 2.5 times apart) the unit decides what the
 * number means, and showing it without one is showing it wrong.
 */

/** A lab's mark printed between a value and its unit: not the unit. */
const MARK = /^(?:[HL*]|high|low|[↑↓]+)$/i;

/**
 * The unit printed beside a photo's value on its line, when the row was read without one: the
 * cell after the value's (cells are runs of text two spaces apart, as OCR laid the line out),
 * past a lab's mark, read as one of the units this test is printed in — OCR's slips within two
 * letters repaired ('IHPF' is '/HPF', 'pg/m.' is 'pg/mL'). Null when that cell is no unit of the
 * test's (a range, a word, another test's unit).
 */
export function unitBesideValue(row: Row, line: string | undefined): string | null {
  if (!line || row.unit.trim() || !normalizeUnit(row.analyte.unit)) return null;
  const cells = line
    .split(/\s{2,}|\s*\|\s*/)
    .map((c) => c.trim())
    .filter(Boolean);
  const raw = row.value.raw.trim();
  const at = cells.findIndex((c) => c === raw || c.endsWith(` ${raw}`));
  if (at < 0) return null;
  let next = at + 1;
  while (next < cells.length && MARK.test(cells[next])) next++;
  const cell = cells[next]?.replace(/[.,;:]+$/, '');
  if (!cell || !/[A-Za-z%/µμ]/.test(cell)) return null;
  const own = (u: string) => normalizeUnit(u) !== '' && toBaseFactor(row.analyte, u) !== null;
  if (own(cell)) return cell;
  // A repair needs letters enough to tell one unit from another (a lone 'H' is no '%'), and
  // another test's unit read right ('g/dL') is not this one's read wrong ('ng/mL').
  if (cell.length < 3 || knownUnit(cell)) return null;
  const repaired = repairOcrUnit(cell, row.analyte, own);
  return own(repaired) && isOwnUnit(row.analyte, repaired) ? repaired : null;
}

let knownUnits: Set<string> | null = null;
/** A unit the knowledge base knows some test printed in, however spelt ('gm/dl' is 'g/dL'). */
export function knownUnit(text: string): boolean {
  knownUnits ??= new Set(
    ANALYTES.flatMap((a) => [a.unit, ...Object.keys(a.units)])
      .map(normalizeUnit)
      .filter(Boolean),
  );
  return knownUnits.has(normalizeUnit(text));
}

/** One of the units the knowledge base lists for this test (not a common unit of another). */
function isOwnUnit(a: Analyte, unit: string): boolean {
  const key = normalizeUnit(unit);
  return [a.unit, ...Object.keys(a.units)].some((u) => u && normalizeUnit(u) === key);
}

/**
 * The test's units whose numbers differ from its own unit's (by more than 5 %): vitamin D's nmol/L
 * (2.5 times ng/mL), B12's pmol/L (pg/mL ÷ 1.355). 'mg%' beside 'mg/dL' or 'mEq/L' beside
 * 'mmol/L' for sodium is the same number.
 */
export function otherScales(a: Analyte): string[] {
  return Object.entries(a.units)
    .filter(([u, factor]) => normalizeUnit(u) && Math.abs(Math.log(factor)) > Math.log(1.05))
    .map(([u]) => u);
}

/**
 * Why a photo's number cannot be shown as read for want of its unit, or null: the test is printed
 * in units whose numbers differ (otherScales), and no unit was read beside the number or told by its printed range
 * (`unit` is the unit after inference, unit-spelling.ts).
 */
export function lostUnitProblem(row: Row, unit: string): string | null {
  if (unit.trim() || !row.known || !normalizeUnit(row.analyte.unit)) return null;
  const others = otherScales(row.analyte);
  if (others.length === 0) return null;
  return `its unit was not read, and this test is printed in ${row.analyte.unit} or ${others.join(' or ')}, which give the number other sizes`;
}
