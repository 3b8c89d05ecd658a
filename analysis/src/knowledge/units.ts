/**
 * The one unit normaliser (decision 249). A printed unit ('gm / dl', 'Lakh/cmm', 'x10³/µL',
 * 'mL/min/1.73 m²', 'IU/L.') is reduced to one canonical form: its spelling with the typography
 * taken out (case, spaces, dots, µ/μ/mc, superscripts, an 'x' before a power, 'cells/' and 'per'),
 * abbreviations of one word made that word ('gm' → 'g', 'mill' → 'million', 'lakhs' → 'lakh'), and
 * the names that are one unit by definition made one ('g%' is g/dL, a cumm is a µL).
 *
 * Units with different names stay different here even where they are equal in value (IU/L and
 * U/L, mEq/L and mmol/L, µg/L and ng/mL, 10^9/L and 10^3/µL): the patient is shown the unit the
 * report printed, and FHIR names each by its own UCUM code. Whether two units measure on the
 * same scale, or how to convert one into the other, is `unitFactor`'s (and `sameUnit`'s) answer.
 */

const SUPERSCRIPTS: Record<string, string> = { '²': '2', '³': '^3', '⁶': '^6', '⁹': '^9', '¹²': '^12' };

/**
 * Units already put in canonical form. A unit is normalised many times over (every conversion
 * normalises both units and the analyte's table: a trends page converts a few hundred values), while
 * the units themselves are few; bounded, in case a stream of odd prints comes through.
 */
const CANONICAL = new Map<string, string>();
const CANONICAL_MAX = 2000;

export function normalizeUnit(printed: string): string {
  let known = CANONICAL.get(printed);
  if (known === undefined) {
    known = canonicalUnit(printed);
    if (CANONICAL.size >= CANONICAL_MAX) CANONICAL.clear();
    CANONICAL.set(printed, known);
  }
  return known;
}

/** A unit printed in its own brackets, as a column of units may be ('[mg/dL]', '(U/L)'). */
export function unbracketed(unit: string): string {
  return unit.trim().replace(/^\[\s*([^\][]+?)\s*\]$|^\(\s*([^()]+?)\s*\)$/, '$1$2');
}

function canonicalUnit(printed: string): string {
  // '_' is the space glueUnits put inside a multi-word unit ('mm/1_hour').
  let u = unbracketed(printed)
    .replace(/¹²|[²³⁶⁹]/g, (m) => SUPERSCRIPTS[m] ?? m)
    .replace(/_/g, ' ');
  u = u.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  u = u.replace(/(?<!\d)\.|\.(?!\d)/g, ''); // dots, except decimal points ('1.73')
  if (!u || u === 'ratio') return '';
  u = u.replace(/[µμ]/g, 'u').replace(/(^|\/)mc(?=[a-z])/g, '$1u');
  u = u.replace(/^gms?(?=\/|%)/, 'g');
  u = u.replace(/^([munp]?g)%$/, '$1/dl'); // 'g%' and 'mg%' are g/dL and mg/dL by definition
  u = u.replace(/^[x×*](?=\d)/, '');
  u = u.replace(/^(?:cells?|per)(?=\/)/, '').replace(/^per(?=cu|cmm|mm3|ul|[hl]pf)/, '/');
  // A cubic millimetre is a microlitre: every spelling of either, with or without its slash.
  if (/^(?:cumm|cmm|mm3|mm\^3|ul|cubicmm)$/.test(u)) u = `/${u}`;
  u = u.replace(/\/(?:ul|cumm|cmm|mm3|mm\^3|cubicmm|microlit(?:re|er)s?)$/, '/cumm');
  u = u.replace(/^10(?:\^|\*|e)?(3|6|9|12)(?=\/)/, '10^$1');
  u = u.replace(/^(?:lakhs?|lacs?)(?=\/)/, 'lakh');
  // 'lakhs' alone is lakhs per cumm: counts are the only things Indian reports give in lakhs.
  if (/^(?:lakhs?|lacs?)$/.test(u)) return 'lakh/cumm';
  u = u.replace(/^(?:millions?|mill)(?=\/)/, 'million');
  u = u.replace(/^(?:thou|thousands?)(?=\/)/, 'thousand');
  if (u === 'femtolitre' || u === 'femtoliter') return 'fl';
  if (/^mm\/(?:1(?:st)?)?(?:hr|hour|h)$/.test(u)) return 'mm/hr';
  u = u.replace(/sqm$|m\^2$/, 'm2');
  if (/^ml\/min\/1\.73m2?$/.test(u)) return 'ml/min/1.73m2';
  return u;
}

/**
 * For a cell-count unit in canonical form, how many cells one printed unit stands for
 * ('lakh/cumm' → 100000, '10^9/l' → 1000 per µL); null for any other unit.
 */
export function countMultiplier(canon: string): number | null {
  const m = /^(.*)\/(ul|cumm|l)$/.exec(canon);
  if (!m) return null;
  const [, head, per] = m;
  const perLitre = per === 'l';
  if (head === '') return perLitre ? null : 1;
  const pow = /^10\^(\d+)$/.exec(head);
  let n: number | null = null;
  if (pow) n = 10 ** Number(pow[1]);
  else if (/^(?:lakhs?|lacs?)$/.test(head)) n = 1e5;
  else if (/^(?:million|millions|mill|m)$/.test(head)) n = 1e6;
  else if (/^(?:thou|thousands?|k)$/.test(head)) n = 1e3;
  if (n === null) return null;
  return perLitre ? n / 1e6 : n; // 10^9/L = 10^3/µL
}

/**
 * Units with different names that are one unit in value: an enzyme's IU/L is its U/L, a
 * monovalent ion's mEq/L its mmol/L (a divalent one's is not: the knowledge base lists its
 * mEq/L factor, and that entry is found first), µg/L is ng/mL, µIU/mL is mIU/L.
 */
const SAME_VALUE: string[][] = [
  ['iu/l', 'u/l'],
  ['meq/l', 'mmol/l'],
  ['ug/l', 'ng/ml'],
  // (µIU/mL, mIU/L, µU/mL and mU/L: one TSH or insulin unit under four names)
  ['uiu/ml', 'miu/l', 'uu/ml', 'mu/l'],
  ['ng/l', 'pg/ml'],
  ['ug/ml', 'mg/l'],
];

/** The other names of the same-value unit, or none. */
function sameValueAs(canon: string): string[] {
  return SAME_VALUE.find((group) => group.includes(canon))?.filter((u) => u !== canon) ?? [];
}

/**
 * Factor turning a value in `from` into `to` (value_to = value_from × factor), or null when the
 * two are not known to be convertible. `table` is a knowledge-base entry's units map, which
 * converts into the analyte's base unit (normally `to`).
 */
export function unitFactor(from: string, to: string, table: Record<string, number> = {}): number | null {
  const a = normalizeUnit(from);
  const b = normalizeUnit(to);
  if (a === b) return 1;
  const ca = countMultiplier(a);
  const cb = countMultiplier(b);
  if (ca !== null && cb !== null) return ca / cb;
  const entries = Object.entries(table).map(([unit, factor]) => [normalizeUnit(unit), factor] as const);
  // The unit as named first (calcium's mEq/L is not its mmol/L), then its same-value name.
  const named = entries.find(([unit]) => unit === a);
  if (named) return named[1];
  const aliases = sameValueAs(a);
  if (aliases.includes(b)) return 1;
  return entries.find(([unit]) => aliases.includes(unit))?.[1] ?? null;
}

/** Two printed units measure on one scale: the same number means the same amount. */
export function sameUnit(a: string, b: string): boolean {
  return unitFactor(a, b) === 1;
}
