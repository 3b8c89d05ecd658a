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
import { SHARED_NAMES } from './shared-names';

export { SHARED_NAMES };

/** Every analyte of the knowledge base. */
export const ANALYTES: Analyte[] = [
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
];

/**
 * A printed test name in comparable form: lower case, British spellings folded ('haemo' -> 'hemo',
 * 'leuco' -> 'leuko', 'colour' -> 'color', 'titre' -> 'titer'), punctuation turned into spaces, and runs
 * of single letters joined ('S.G.O.T.' -> 'sgot', 'A : G Ratio' -> 'ag ratio').
 */
export function normalizeName(printed: string): string {
  const words = printed
    .normalize('NFKC')
    .toLowerCase()
    .replace(/haem/g, 'hem')
    .replace(/leuc/g, 'leuk')
    .replace(/colour/g, 'color')
    .replace(/titre/g, 'titer')
    .replace(/\boes/g, 'es')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  const out: string[] = [];
  let lastWasSingle = false;
  for (const w of words) {
    const single = /^\p{L}$/u.test(w);
    if (single && lastWasSingle) out[out.length - 1] += w;
    else out.push(w);
    lastWasSingle = single;
  }
  return out.join(' ');
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

/**
 * Normalised name -> owning analyte id. Synonyms first (the test keeps their owners unique), then
 * each analyte's English display name and its id read as words ('bilirubin total'), where free.
 */
const BY_NAME = new Map<string, string>();
for (const a of ANALYTES) {
  for (const s of a.synonyms) {
    const key = normalizeName(s);
    if (!BY_NAME.has(key)) BY_NAME.set(key, a.id);
  }
}
for (const a of ANALYTES) {
  for (const s of [a.name.en, a.id.replace(/_/g, ' ')]) {
    const key = normalizeName(s);
    if (!BY_NAME.has(key)) BY_NAME.set(key, a.id);
  }
}

const SHARED = new Map<string, string[]>(Object.entries(SHARED_NAMES).map(([k, v]) => [normalizeName(k), v]));

export function getAnalyte(id: string): Analyte | undefined {
  return BY_ID.get(id);
}

/** Does the analyte know this printed unit (its base unit or one of `units`)? */
export function acceptsUnit(analyte: Analyte, unit: string): boolean {
  return unitFactor(analyte, unit) !== null;
}

/** What the printed row looked like, to choose between analytes sharing a name (see SHARED_NAMES). */
export interface NameHint {
  /** The printed unit; '' when the row printed none. Leave undefined when unknown. */
  unit?: string;
  /** The printed result: a number, or text such as 'Nil', '2-3', 'Positive'. */
  value?: number | string;
}

/**
 * The analyte a printed test name stands for: exact synonym first, then the name without its
 * parenthesised parts ('Alkaline Phosphatase (ALP)'), then each parenthesised part, then without a
 * leading 'serum' / 'S.' or a trailing method. For a shared name (SHARED_NAMES) the hint picks the
 * alternative whose unit or kind fits better.
 */
export function findAnalyteByName(printedName: string, hint?: NameHint): Analyte | undefined {
  for (const key of nameCandidates(printedName)) {
    const owner = BY_NAME.get(key);
    if (owner === undefined) continue;
    const alternatives = SHARED.get(key);
    const chosen = alternatives ? pickShared([owner, ...alternatives], hint) : owner;
    return BY_ID.get(chosen);
  }
  return undefined;
}

function nameCandidates(printed: string): string[] {
  const out: string[] = [normalizeName(printed)];
  const withoutParens = normalizeName(printed.replace(/\([^)]*\)?/g, ' '));
  out.push(withoutParens);
  for (const m of printed.matchAll(/\(([^)]*)\)/g)) out.push(normalizeName(m[1] ?? ''));
  for (const n of [out[0] ?? '', withoutParens]) {
    const noMethod = n.replace(/\s+method\b.*$/, '');
    out.push(noMethod);
    out.push(
      noMethod.replace(/^(?:serum|sr|s|plasma)\s+/, '').replace(/\s+(?:serum|plasma|level|calculated)$/, ''),
    );
  }
  return out.filter((k) => k !== '');
}

const NUMERIC = /^[<>≤≥]?=?\s*[\d.,]+$/;

function pickShared(ids: string[], hint: NameHint | undefined): string {
  const owner = ids[0] ?? '';
  if (!hint) return owner;
  const candidates = ids.map((id) => BY_ID.get(id)).filter((a): a is Analyte => a !== undefined);
  if (hint.unit !== undefined && normalizeUnit(hint.unit) !== '') {
    return (
      candidates.find((a) => normalizeUnit(a.unit) !== '' && acceptsUnit(a, hint.unit ?? ''))?.id ?? owner
    );
  }
  if (hint.value !== undefined) {
    const qualitative = typeof hint.value === 'string' && !NUMERIC.test(hint.value.trim());
    return candidates.find((a) => (a.kind === 'qualitative') === qualitative)?.id ?? owner;
  }
  return owner;
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
