import type { Analyte } from '../types';
import { cbcAnalytes } from './panels/cbc';
import { lipidAnalytes } from './panels/lipid';
import { lftAnalytes } from './panels/lft';
import { kftAnalytes } from './panels/kft';
import { thyroidAnalytes } from './panels/thyroid';
import { diabetesAnalytes } from './panels/diabetes';
import { vitaminAnalytes } from './panels/vitamins';
import { ironAnalytes } from './panels/iron';
import { urineAnalytes } from './panels/urine';
import { cardiacAnalytes } from './panels/cardiac';
import { inflammationAnalytes } from './panels/inflammation';
import { coagulationAnalytes } from './panels/coagulation';
import { otherAnalytes } from './panels/other';
import { morphologyFindings, smearAnalytes } from './panels/smear';
import { serologyAnalytes } from './panels/serology';
import { widalAnalytes } from './panels/widal';
import { bloodGasAnalytes } from './panels/blood-gas';
import { hormoneAnalytes } from './panels/hormones';
import { chemistryAnalytes } from './panels/chemistry';
import { SHARED_NAMES } from './shared-names';
import { PLAUSIBLE_LIMITS } from './limits';
import { normalizeUnit, unitFactor as factorBetween } from './units';

export { SHARED_NAMES };
export { loincForUnit } from './loinc-by-unit';
export { normalizeUnit, sameUnit } from './units';

/** Every analyte of the knowledge base, with its physiological limits (limits.ts) attached. */
export const ANALYTES: Analyte[] = withLimits([
  ...cbcAnalytes,
  ...lipidAnalytes,
  ...lftAnalytes,
  ...kftAnalytes,
  ...thyroidAnalytes,
  ...diabetesAnalytes,
  ...vitaminAnalytes,
  ...ironAnalytes,
  ...urineAnalytes,
  ...cardiacAnalytes,
  ...inflammationAnalytes,
  ...coagulationAnalytes,
  ...otherAnalytes,
  ...smearAnalytes,
  ...morphologyFindings,
  ...serologyAnalytes,
  ...widalAnalytes,
  ...bloodGasAnalytes,
  ...hormoneAnalytes,
  ...chemistryAnalytes,
]);

function withLimits(list: Analyte[]): Analyte[] {
  return list.map((a) =>
    PLAUSIBLE_LIMITS[a.id] && !a.plausible ? { ...a, plausible: PLAUSIBLE_LIMITS[a.id] } : a,
  );
}

const BY_ID = new Map<string, Analyte>(ANALYTES.map((a) => [a.id, a]));

export function getAnalyte(id: string): Analyte | undefined {
  return BY_ID.get(id);
}

/** Does the analyte know this printed unit (its base unit or one of `units`)? */
export function acceptsUnit(analyte: Analyte, unit: string): boolean {
  return unitFactor(analyte, unit) !== null;
}

function unitFactor(analyte: Analyte, unit: string): number | null {
  return factorBetween(unit, analyte.unit, analyte.units);
}

/**
 * A value in the printed unit converted to the analyte's base unit, or null for a unit the analyte
 * does not know. An empty printed unit is taken to be the base unit (many reports omit it).
 */
export function toBaseUnit(analyte: Analyte, value: number, unit: string): number | null {
  const factor = normalizeUnit(unit) === '' ? 1 : unitFactor(analyte, unit);
  if (factor === null) return null;
  return Number.parseFloat((value * factor).toPrecision(12));
}
