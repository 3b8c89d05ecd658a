import { ANALYTES, SHARED_NAMES } from '../knowledge';
import { HINDI_PRINTED_NAMES } from '../knowledge/hindi-names';
import { devanagariKey } from './devanagari';
import type { Analyte } from '../types';
import { canonicalUnit, countMultiplier, unitFactor } from './units';

/**
 * Maps a test name as printed ('S.G.P.T.', 'Creatinine, Serum', 'PLASMA GLUCOSE (FASTING)',
 * 'Monocytes (Absolute)') to a knowledge-base analyte. Names are normalised (case, dots,
 * punctuation), tried whole, without their bracketed part, as a bag of words (so 'Bilirubin
 * Total' = 'Total Bilirubin'), by the bracketed abbreviation, and finally with a small edit
 * distance for OCR slips. The section (urine or not) and the printed unit settle names that
 * several analytes share: 'Protein' in a urine report, 'Neutrophils' in % or in /cumm.
 */
export interface MatchContext {
  /**
   * The part of the report: a urine or a stool examination (a bare 'Occult blood' is the stool's
   * there), a blood gas (a bare 'pH' is the blood's), other.
   */
  section: 'urine' | 'stool' | 'blood gas' | 'general';
  unit: string;
  /** Allow approximate matches (OCR text). */
  fuzzy: boolean;
  /** The printed result, when known: a word result ('Nil', 'Trace') picks a urine test over a blood one. */
  value?: number | string;
}

/** lower case, 'S.G.O.T.' → 'sgot', punctuation → spaces. */
export function normaliseName(raw: string): string {
  return (
    devanagariKey(raw.normalize('NFKC'))
      .toLowerCase()
      .replace(/[µμ]/g, 'u')
      // 'Urinary Protein' is the urine protein: one word for the specimen.
      .replace(/\burinary\b/g, 'urine')
      // British and American spellings read the same ('haemoglobin', 'leucocyte', 'oestradiol').
      .replace(/haem/g, 'hem')
      .replace(/aemia/g, 'emia')
      .replace(/leuc/g, 'leuk')
      .replace(/colour/g, 'color')
      .replace(/titre/g, 'titer')
      .replace(/sulph/g, 'sulf')
      .replace(/\boe(?=s|d)/g, 'e')
      // Hindi names one thing by several words ('शुगर', 'ग्लूकोज', 'शर्करा' for sugar).
      .replace(HINDI_SAME, (w) => HINDI_SAME_WORDS[w] ?? w)
      .replace(/\b([a-z])\.(?=[a-z]\.?)/g, '$1')
      // A dotted abbreviation OCR lost one dot of ('RB.C.' for 'R.B.C.').
      .replace(/\b([a-z]{2})\.(?=[a-z](?:\.|\s|$))/g, '$1')
      .replace(/\b([a-z]{1,3})\.(?=\s|$)/g, '$1')
      // Devanagari letters and their vowel signs are kept: Hindi names are matched as printed.
      .replace(/[^a-z0-9%+\p{Script=Devanagari}]+/gu, ' ')
      .trim()
      .replace(/\s+/g, ' ')
      // A run of single letters is one abbreviation: 'S. G. O. T', 'S G P T', 'A G ratio'.
      .replace(/\b[a-z](?: [a-z]\b)+/g, (m) => m.replace(/ /g, ''))
      // Words labs shorten ('Estimated Avg Glucose', 'Abs Neutrophil Count', 'Tot Bilirubin'):
      // read whole, in printed names and the knowledge base's alike. Not 'chol': 'Chol/HDL' is a
      // ratio and 'HDL Chol' a test, and the loose match compares words without their order.
      .replace(SHORT_WORD, (w) => SHORT_WORDS[w])
  );
}

/** Hindi words for one thing, as keys (devanagariKey) to the one the knowledge base writes. */
const HINDI_SAME_WORDS: Record<string, string> = Object.fromEntries(
  [
    ['शुगर', 'शर्करा'],
    ['ग्लूकोज', 'शर्करा'],
    ['ग्लूकोज़', 'शर्करा'],
    ['फास्टिंग', 'खाली पेट'],
    ['कोलेस्ट्रोल', 'कोलेस्ट्रॉल'],
  ].map(([word, same]) => [devanagariKey(word), devanagariKey(same)]),
);
const HINDI_SAME = new RegExp(Object.keys(HINDI_SAME_WORDS).join('|'), 'g');

const SHORT_WORDS: Record<string, string> = {
  avg: 'average',
  abs: 'absolute',
  tot: 'total',
  bili: 'bilirubin',
  corp: 'corpuscular',
  vol: 'volume',
  conc: 'concentration',
  prot: 'protein',
};
const SHORT_WORD = new RegExp(`\\b(?:${Object.keys(SHORT_WORDS).join('|')})\\b`, 'g');

/** Specimen words and prefixes a lab may print before or after a test name ('Sr. Creatinine'). */
const NOISE_WORDS = new Set([
  'serum',
  's',
  'sr',
  'plasma',
  'p',
  'blood',
  'b',
  'whole',
  'wb',
  'venous',
  'capillary',
  'estimation',
  'level',
  'levels',
  'calculated',
  'measured',
  'value',
  'test',
]);

function withoutNoise(key: string): string {
  return key
    .split(' ')
    .filter((w) => !NOISE_WORDS.has(w))
    .join(' ');
}

function bag(key: string): string {
  return key.split(' ').filter(Boolean).sort().join(' ');
}

function stripBrackets(raw: string): string {
  return raw.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
}

function bracketed(raw: string): string[] {
  return [...raw.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]);
}

interface Index {
  exact: Map<string, string>;
  loose: Map<string, string>;
  keys: string[];
}

let index: Index | null = null;
let indexedCount = -1;

function addKey(map: Map<string, string>, key: string, id: string): void {
  if (key && !map.has(key)) map.set(key, id);
}

function buildIndex(): Index {
  const exact = new Map<string, string>();
  const loose = new Map<string, string>();
  for (const a of ANALYTES) {
    // The Hindi name too: bilingual and Hindi prints name tests in Devanagari ('हीमोग्लोबिन').
    const printed = HINDI_PRINTED_NAMES[a.id] ?? [];
    const names = [...a.synonyms, a.name.en, a.name.hi, ...printed, a.id.replace(/_/g, ' ')];
    for (const n of names) addKey(exact, normaliseName(n), a.id);
  }
  // Looser keys only where they do not collide with an exact one.
  for (const a of ANALYTES) {
    const names = [...a.synonyms, a.name.en, a.name.hi, ...(HINDI_PRINTED_NAMES[a.id] ?? [])];
    for (const n of names) {
      const k = normaliseName(n);
      const k2 = normaliseName(stripBrackets(n));
      for (const variant of [bag(k), withoutNoise(k), bag(withoutNoise(k)), k2, bag(withoutNoise(k2))]) {
        if (variant && !exact.has(variant)) addKey(loose, variant, a.id);
      }
    }
  }
  // 'RDWSD' for 'RDW-SD', 'HbA1c' for 'Hb A1c': the same letters without their spaces.
  const compact = new Map<string, string | null>();
  for (const [k, id] of exact) {
    const c = k.replace(/\s+/g, '');
    if (c.length < 4) continue;
    const prev = compact.get(c);
    compact.set(c, prev === undefined || prev === id ? id : null);
  }
  for (const [c, id] of compact) if (id && !exact.has(c) && !loose.has(c)) loose.set(c, id);
  return { exact, loose, keys: [...exact.keys()].filter((k) => k.length >= 4) };
}

function getIndex(): Index {
  if (!index || indexedCount !== ANALYTES.length) {
    index = buildIndex();
    indexedCount = ANALYTES.length;
  }
  return index;
}

/**
 * The test a name cut short names ('NON-HDL Choleste' at a page's right edge): the one analyte
 * some printed name of which starts with it, or null when none or several do. Eight characters at
 * least, so a word alone ('Total', 'Serum') never names a test.
 */
export function analyteByCutName(printed: string): Analyte | null {
  const key = normaliseName(printed);
  if (key.replace(/\s/g, '').length < 8) return null;
  const ids = new Set<string>();
  for (const [k, id] of getIndex().exact) if (k.startsWith(key) && k !== key) ids.add(id);
  return ids.size === 1 ? (analyteById([...ids][0]) ?? null) : null;
}

/** Every analyte of the knowledge base. */
export function allAnalytes(): readonly Analyte[] {
  return ANALYTES;
}

const byId = new Map<string, Analyte>();
export function analyteById(id: string): Analyte | undefined {
  if (byId.size !== ANALYTES.length) {
    byId.clear();
    for (const a of ANALYTES) byId.set(a.id, a);
  }
  return byId.get(id);
}

/** Urine routine rows print bare names that mean something else in blood. */
const URINE_NAMES: Array<[RegExp, string]> = [
  [/^(physical )?colou?r$/, 'urine_colour'],
  [/^(appearance|clarity|transparency|turbidity)$/, 'urine_appearance'],
  [/^(reaction( ph)?|ph|ph value|urine ph)$/, 'urine_ph'],
  [/^(sp|specific) gravity$|^sp gr$|^s g$/, 'urine_specific_gravity'],
  [/^(urine )?(protein|proteins|albumin|albumin protein|protein albumin)$/, 'urine_protein'],
  [/^(urine )?(sugar|glucose)$/, 'urine_glucose'],
  [/^(urine )?(ketones?|ketone bodies|acetone)$/, 'urine_ketones'],
  [
    /^(pus cells?|pus cells wbcs|leucocytes|leukocytes|wbcs?|white blood cells|pus cells leucocytes)$/,
    'urine_pus_cells',
  ],
  [/^(rbcs?|red blood cells|erythrocytes|red cells)$/, 'urine_rbc'],
  [/^(epithelial cells|epithelial cell|squamous epithelial cells)$/, 'urine_epithelial_cells'],
  [/^(bile pigments?|bilirubin)$/, 'urine_bilirubin'],
  [/^(urobilinogen)$/, 'urine_urobilinogen'],
  [/^(nitrite|nitrites)$/, 'urine_nitrite'],
  [/^(blood|occult blood)$/, 'urine_blood'],
];

const DIFFERENTIAL: Record<string, string> = {
  neutrophils: 'absolute_neutrophil_count',
  lymphocytes: 'absolute_lymphocyte_count',
  monocytes: 'absolute_monocyte_count',
  eosinophils: 'absolute_eosinophil_count',
  basophils: 'absolute_basophil_count',
};

function glucoseKind(key: string): string | null {
  if (!/\b(glucose|sugar|bs|fbs|ppbs|rbs|fbg|ppbg|rbg)\b/.test(key)) return null;
  if (/\b(hba1c|glycated|glycosylated|average|mean|eag)\b/.test(key)) return null;
  if (/\b(fasting|fbs|fbg|f)\b/.test(key)) return 'glucose_fasting';
  if (/\b(post ?prandial|pp|ppbs|ppbg|pp2|2 ?hrs?|after meal)\b/.test(key)) return 'glucose_pp';
  if (/\b(random|rbs|rbg|casual)\b/.test(key)) return 'glucose_random';
  return null;
}

/**
 * The printed name, then its parts: a method or brand after a comma, semicolon or dash
 * ('Creatinine, Serum (Jaffe)', 'HBsAg; Hepatitis B Surface Antigen', 'Creatinine - Enzymatic').
 */
function segments(raw: string): string[] {
  const parts = raw
    .split(/\s+[-–]\s+|[,;]/)
    .map((p) => p.trim())
    .filter((p) => /[a-z]/i.test(p));
  return parts.length > 1 ? [raw, ...parts] : [raw];
}

function lookup(raw: string, fuzzy: boolean): string | null {
  for (const part of segments(raw)) {
    const hit = lookupOne(part);
    if (hit) return hit;
  }
  for (const inner of bracketed(raw)) {
    const k = normaliseName(inner);
    const hit = getIndex().exact.get(k);
    if (hit && k.length >= 2) return hit;
  }
  const idx = getIndex();
  const k1 = normaliseName(raw);
  const k2 = normaliseName(stripBrackets(raw));
  if (fuzzy && k1.length >= 3) return fuzzyLookup(k1, idx) ?? (k2 !== k1 ? fuzzyLookup(k2, idx) : null);
  return null;
}

function lookupOne(raw: string): string | null {
  const idx = getIndex();
  const k1 = normaliseName(raw);
  if (!k1) return null;
  const k2 = normaliseName(stripBrackets(raw));
  const candidates = [k1, k2, withoutNoise(k1), withoutNoise(k2)].filter(Boolean);
  for (const c of candidates) {
    const hit = idx.exact.get(c);
    if (hit) return hit;
  }
  for (const c of candidates) {
    const hit = idx.loose.get(c) ?? idx.loose.get(bag(c)) ?? idx.loose.get(c.replace(/\s+/g, ''));
    if (hit) return hit;
  }
  return null;
}

/** Letters OCR mistakes for one another ('ROW' for 'RDW', 'l' for '1'). */
const CONFUSABLE = new Set([
  'o0',
  '0o',
  'od',
  'do',
  'l1',
  '1l',
  'il',
  'li',
  'i1',
  '1i',
  's5',
  '5s',
  'b8',
  '8b',
  'g9',
  '9g',
  'uv',
  'vu',
  'ec',
  'ce',
]);

/**
 * Short names (3-5 letters) differ from a key by confusable letters only: one, or two in names of
 * four letters or more ('Vidi' for 'Vldl': OCR reads both l's as i's).
 */
function confusableLookup(key: string, idx: Index): string | null {
  const hits = new Set<string>();
  const most = key.length >= 4 ? 2 : 1;
  for (const k of idx.exact.keys()) {
    if (k.length !== key.length) continue;
    let diff = 0;
    let ok = true;
    for (let i = 0; i < k.length && ok; i++) {
      if (k[i] === key[i]) continue;
      diff++;
      ok = diff <= most && CONFUSABLE.has(key[i] + k[i]);
    }
    if (ok && diff >= 1) hits.add(idx.exact.get(k) ?? '');
  }
  return hits.size === 1 ? [...hits][0] || null : null;
}

function fuzzyLookup(key: string, idx: Index): string | null {
  const limit = key.length <= 5 ? 0 : key.length <= 9 ? 1 : key.length <= 16 ? 2 : 3;
  if (limit === 0) return key.length >= 3 ? confusableLookup(key, idx) : null;
  let best: string | null = null;
  let bestDist = limit + 1;
  let tie = false;
  for (const k of idx.keys) {
    if (Math.abs(k.length - key.length) > limit) continue;
    const d = editDistance(key, k, limit);
    if (d < bestDist) {
      bestDist = d;
      best = k;
      tie = false;
    } else if (d === bestDist && best && idx.exact.get(k) !== idx.exact.get(best)) tie = true;
  }
  return best && !tie ? (idx.exact.get(best) ?? null) : null;
}

/** Levenshtein distance with an early exit above `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** Rows repeat names (continuation checks, peeked and read units): answers are memoised. */
const MAX_PRINTED_NAME = 200;
const memo = new Map<string, Analyte | null>();

/** The analyte a printed name stands for in its context, or null. */
/**
 * Text with a sentence in it ('Imp: CKD? DM uncontrolled. Adv: USG KUB, HbA1c, review after') is a
 * note, never a test's name, though it names a test: a question mark after a word (not the '???'
 * a PDF gives for glyphs it cannot map), or a full stop after a word (not an abbreviation's 'Vit.'
 * or 'S.') followed by another sentence.
 */
function isProse(printed: string): boolean {
  return /[A-Za-z]\?(?:\s|$)|[a-z]{4,}\.\s+[A-Z]/.test(printed);
}

export function matchAnalyte(printed: string, ctx: MatchContext): Analyte | null {
  // No test's name is this long, even with a method after it. Such a 'name' (a line of junk in a
  // damaged file) is refused before the memo: memoised, thousands of them held gigabytes.
  if (printed.length > MAX_PRINTED_NAME || isProse(printed)) return null;
  const key = `${printed}\u0000${ctx.section}\u0000${ctx.unit}\u0000${ctx.fuzzy}\u0000${ctx.value ?? ''}\u0000${typeof ctx.value}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  if (memo.size > 20_000) memo.clear();
  const bare = withoutTrailingMethod(printed);
  const found = matchUncached(printed, ctx) ?? (bare ? matchUncached(bare, ctx) : null);
  memo.set(key, found);
  return found;
}

/**
 * A method printed in a column of its own right after the name, which a photo's OCR joined to it
 * ('ERYTHROCYTE COUNT Flow', 'R.B.C. Microscopy'): the name without it, or null when the name does
 * not end in a method. Tried only when the whole name matched nothing.
 */
const METHOD_WORD =
  'flow(?:\\s*cytometry)?|visual|microscopy|microscopic|manual|automated|calculated|calc\\.?|photometry|photometric|colorimetric|enzymatic|impedance|reflectance|dipstick|strip|electrode|ise|hplc|clia|eclia|cmia|elisa|turbidimetry|turbidimetric|nephelometry|jaffe|god[- ]?pod';
const TRAILING_METHOD = new RegExp(`\\s+(?:${METHOD_WORD})$`, 'i');
const METHOD_CELL = new RegExp(`^(?:${METHOD_WORD})(?:\\s+method)?$`, 'i');

/** A cell that is a method's name ('Microscopy', 'Dipstick', 'HPLC'), as a method column prints it. */
export function isMethodName(text: string): boolean {
  return METHOD_CELL.test(text.trim());
}
export function withoutTrailingMethod(printed: string): string | null {
  // No test's name is this long (matchUncached refuses over 70 characters): no regex on a huge line.
  if (printed.length > 90) return null;
  const bare = printed.trim().replace(TRAILING_METHOD, '');
  return bare !== printed.trim() && /[a-z]{2}/i.test(bare) ? bare : null;
}

/** The printed name without a method after it ('HEMOGLOBIN / Method - Photometric'). */
function cleanName(printed: string): string {
  return printed
    .replace(/\s*\/\s*method\b.*$/i, '')
    .replace(/\bmethod\s*[:-].*$/i, '')
    .replace(/[:\s]+$/, '')
    .trim();
}

const DEVANAGARI = /[\u0900-\u097f]+/g;

function matchUncached(printed: string, ctx: MatchContext): Analyte | null {
  // A bilingual name ('जांच / TOTAL LEUKOCYTE COUNT', 'हीमोग्लोबिन / Haemoglobin'): its English
  // words alone, then its Hindi ones, each matched as a name of its own.
  if (/[\u0900-\u097f]/.test(printed) && /[a-z]/i.test(printed)) {
    const english = printed.replace(DEVANAGARI, ' ').replace(/^[\s/|:-]+|[\s/|:-]+$/g, '');
    const hindi = printed.replace(/[A-Za-z][A-Za-z0-9().,-]*/g, ' ').replace(/^[\s/|:-]+|[\s/|:-]+$/g, '');
    return matchOne(english, ctx) ?? matchOne(hindi, ctx) ?? matchOne(printed, ctx);
  }
  return matchOne(printed, ctx);
}

function matchOne(printed: string, ctx: MatchContext): Analyte | null {
  const cleaned = cleanName(printed);
  if (!cleaned || cleaned.length > 70 || !/[a-z\p{Script=Devanagari}]/iu.test(cleaned)) return null;
  const key = normaliseName(cleaned);
  const unit = canonicalUnit(ctx.unit);
  if (ctx.section === 'stool') return stoolTest(cleaned, ctx);
  const urineContext = ctx.section === 'urine' || unit === '/hpf' || /\burine\b/.test(key);

  if (urineContext) {
    const k = withoutNoise(normaliseName(stripBrackets(cleaned))).replace(/^urine /, '');
    const full = key.replace(/^urine /, '');
    for (const [re, id] of URINE_NAMES) {
      if ((re.test(full) || re.test(k)) && analyteById(id)) return analyteById(id) ?? null;
    }
  }
  const glucose = glucoseKind(key);
  let id =
    glucose && !urineContext
      ? glucose
      : // 'T.Bil' reads as one abbreviation ('tbil'); 'S.Creat.' only as a prefix and a word.
        (lookup(cleaned, ctx.fuzzy) ??
        lookup(cleaned.replace(/\b([a-z])\.(?=[a-z]{2})/gi, '$1. '), ctx.fuzzy));
  if (!id) return null;
  id = pickShared(key, id, ctx);
  id = byUnitFamily(key, id, ctx.unit);
  // Differential counts: the same name in % is the percentage, in a count unit the absolute count.
  const absolute = DIFFERENTIAL[id];
  if (absolute && unit && unit !== '%' && countMultiplier(unit) !== null && analyteById(absolute))
    id = absolute;
  for (const [pct, abs] of Object.entries(DIFFERENTIAL)) {
    if (id === abs && unit === '%' && analyteById(pct)) id = pct;
  }
  // A blood analyte name inside a urine table that has no urine meaning is still not a blood value.
  if (id === 'urine_ph' && ctx.section === 'blood gas' && !/\burine\b/.test(key)) id = 'blood_ph';
  const analyte = analyteById(id) ?? null;
  // 'Ketones (Blood)', 'Glucose (Serum)': a name that says its specimen is blood is no urine test.
  if (
    analyte?.panel === 'urine' &&
    /\((?:whole\s+)?(?:blood|serum|plasma)\)|\b(?:serum|plasma)\b/i.test(cleaned)
  )
    return null;
  if (analyte && urineContext && ctx.section === 'urine' && analyte.panel !== 'urine') {
    if (
      ['glucose_fasting', 'glucose_pp', 'glucose_random', 'total_protein', 'albumin'].includes(analyte.id)
    ) {
      return null;
    }
  }
  return analyte;
}

/**
 * A row of a stool examination: the stool's own test of that name ('Occult Blood' is 'stool occult
 * blood'); a name that is a urine test's and no stool test's ('Pus Cells') is not the urine's.
 */
function stoolTest(cleaned: string, ctx: MatchContext): Analyte | null {
  const own = lookup(`stool ${cleaned.replace(/^stool\s+/i, '')}`, ctx.fuzzy);
  if (own?.startsWith('stool_')) return analyteById(own) ?? null;
  const other = matchOne(cleaned, { ...ctx, section: 'general' });
  return other && other.panel !== 'urine' && !other.id.startsWith('urine_') ? other : null;
}

let shared: Map<string, string[]> | null = null;

function sharedNames(): Map<string, string[]> {
  shared ??= new Map(Object.entries(SHARED_NAMES).map(([k, v]) => [normaliseName(k), v]));
  return shared;
}

/** A result in words or a count ('Nil', 'Occasional', '2-3'), not a number ('4.6', '<0.5'). */
function wordResult(value: number | string): boolean {
  return typeof value === 'string' && !/^[<>≤≥]?=?\s*[\d.,]+$/.test(value.trim());
}

/**
 * The analyte a row's result decides on, where the row was matched by its name and unit alone: a
 * test whose result is a number matched to a row whose result is a word or a count ('R.B.C.  Nil'
 * with its '/HPF' read as 'HPF': the CBC's RBC count cannot be 'Nil') is the one analyte sharing
 * that printed name (SHARED_NAMES) whose result is written in words, the urine RBC. Otherwise, or
 * where several could be meant, the match stands.
 */
export function analyteForResult(printed: string, matched: Analyte, value: number | string): Analyte {
  if (matched.kind !== 'quantitative' || !wordResult(value)) return matched;
  const key = normaliseName(cleanName(printed));
  const owner = getIndex().exact.get(key);
  const alternatives = sharedNames().get(key);
  if (!owner || !alternatives) return matched;
  const group = [owner, ...alternatives];
  if (!group.includes(matched.id)) return matched;
  const words = group
    .filter((id) => id !== matched.id)
    .map((id) => analyteById(id))
    .filter((a): a is Analyte => a?.kind === 'qualitative');
  return words.length === 1 ? words[0] : matched;
}

/**
 * Names that several analytes share (SHARED_NAMES: 'Glucose' in blood or urine, 'TC' count or
 * cholesterol): the printed unit decides, else whether the result is a word or a number.
 */
function pickShared(key: string, owner: string, ctx: MatchContext): string {
  const alternatives = sharedNames().get(key);
  if (!alternatives) return owner;
  const candidates = [owner, ...alternatives]
    .map((id) => analyteById(id))
    .filter((a): a is Analyte => a !== undefined);
  if (ctx.unit && canonicalUnit(ctx.unit) !== '') {
    const fits = candidates.find(
      (a) => canonicalUnit(a.unit) !== '' && unitFactor(ctx.unit, a.unit, a.units) !== null,
    );
    return fits?.id ?? owner;
  }
  if (ctx.value !== undefined) {
    const word = wordResult(ctx.value);
    return candidates.find((a) => (a.kind === 'qualitative') === word)?.id ?? owner;
  }
  return owner;
}

function accepts(a: Analyte, unit: string): boolean {
  return canonicalUnit(a.unit) === '' || unitFactor(unit, a.unit, a.units) !== null;
}

/**
 * 'RDW' printed in fL is the RDW-SD, in % the RDW-CV: when the matched analyte does not take the
 * printed unit, one analyte whose name extends the printed one ('rdw sd') and takes it is meant.
 */
function byUnitFamily(key: string, id: string, unit: string): string {
  const a = analyteById(id);
  if (!a || !unit || canonicalUnit(unit) === '' || accepts(a, unit)) return id;
  const idx = getIndex();
  const found = new Set<string>();
  for (const [k, other] of idx.exact) {
    if (other === id || !k.startsWith(`${key} `)) continue;
    const b = analyteById(other);
    if (b && canonicalUnit(b.unit) !== '' && accepts(b, unit)) found.add(other);
  }
  return found.size === 1 ? [...found][0] : id;
}

/**
 * Analytes whose printed name the OCR'd one may be a damaged form of, for a photo's row whose name
 * matched nothing (a stamp over 'Potassium' read as 'Poasum', 'Hematocrit' cut to 'Hematocr', a
 * speck before 'PH' read as 'LPH'): a name it is a start of (five letters or more, over half the
 * name), or one within 40 % of its letters changed. Far looser than matchAnalyte's own fuzzy step,
 * so never used alone: interpret/damaged-name.ts takes one only where the row's unit, range and
 * value fit that analyte and no other.
 */
export function damagedNameCandidates(printed: string): Analyte[] {
  const key = normaliseName(stripBrackets(cleanName(printed)));
  if (key.length < 3) return [];
  const found = new Set<string>();
  for (const [k, id] of getIndex().exact) {
    if (found.has(id) || k.length < 2) continue;
    const start = key.length >= 5 && key.length * 2 > k.length && k.startsWith(key);
    const most = Math.max(1, Math.floor(Math.max(k.length, key.length) * 0.4));
    if (start || (Math.abs(k.length - key.length) <= most && editDistance(key, k, most) <= most))
      found.add(id);
  }
  return [...found].map((id) => analyteById(id)).filter((a): a is Analyte => a !== undefined);
}
