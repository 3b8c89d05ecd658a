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
import { hormoneAnalytes } from './panels/hormones';
import { chemistryAnalytes } from './panels/chemistry';
import { SHARED_NAMES } from './shared-names';
import { PLAUSIBLE_LIMITS } from './limits';

export { SHARED_NAMES };
export { loincForUnit } from './loinc-by-unit';

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
  ...hormoneAnalytes,
  ...chemistryAnalytes,
]);

function withLimits(list: Analyte[]): Analyte[] {
  return list.map((a) =>
    PLAUSIBLE_LIMITS[a.id] && !a.plausible ? { ...a, plausible: PLAUSIBLE_LIMITS[a.id] } : a,
  );
}

const SUPERSCRIPTS: Record<string, string> = { '²': '2', '³': '^3', '⁶': '^6', '⁹': '^9', '¹²': '^12' };

/**
 * A printed unit in comparable form: lower case, no spaces, µ/μ/u/mc folded to 'u', 'gm' to 'g',
 * 'g%' to 'g/dl', every cubic-millimetre / microlitre spelling to '/cumm', 'cells/' to '/',
 * 10^3 / 10³ / x10^3 / thou / K to '10^3', 10^6 / million / mill to '10^6', lakhs / lacs to 'lakh',
 * 'sq.m' and 'm²' to 'm2', 'ratio' to ''.
 */
export function normalizeUnit(printed: string): string {
  let u = printed.replace(/¹²|[²³⁶⁹]/g, (m) => SUPERSCRIPTS[m] ?? m);
  u = u.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  u = u.replace(/(?<!\d)\.|\.(?!\d)/g, ''); // dots except decimal points ('1.73')
  u = u.replace(/[µμ]/g, 'u').replace(/(^|\/)mc(?=[a-z])/g, '$1u');
  u = u.replace(/^gms?(?=\/|%)/, 'g');
  u = u.replace(/^([munp]?g)%$/, '$1/dl');
  u = u.replace(/^cells?\//, '/').replace(/^per/, '/');
  u = u.replace(/\/(ul|cumm|cmm|mm3|mm\^3|cubicmm|microlit(?:re|er))$/, '/cumm');
  u = u.replace(/^[x×*]/, '');
  u = u.replace(/^10(?:\^|\*|e)?3(?=\/)|^(?:thou(?:sand)?s?|k)(?=\/)/, '10^3');
  u = u.replace(/^10(?:\^|\*|e)?6(?=\/)|^(?:millions?|mill?|m)(?=\/cumm)/, '10^6');
  u = u.replace(/^(?:lakhs?|lacs?)(?=\/)/, 'lakh');
  u = u.replace(/sqm$|m\^2$/, 'm2');
  if (u === 'hpf') u = '/hpf';
  if (u === 'ratio') u = '';
  return u;
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
  const u = normalizeUnit(unit);
  if (u === normalizeUnit(analyte.unit)) return 1;
  for (const [key, factor] of Object.entries(analyte.units)) {
    if (normalizeUnit(key) === u) return factor;
  }
  return null;
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
