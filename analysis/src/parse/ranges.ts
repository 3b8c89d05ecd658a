import { parseNumber } from './numbers';
import type { Sex } from '../types';
import { bandsFor, bandText, populationBands, type PopulationBand } from './population-bands';

/**
 * Reference ranges as printed: '13.0 - 17.0', '13 to 17', '< 200', 'Less than 200', '> 40',
 * 'Upto 1.2', '>= 60', '(125 - 200)', sex-specific ('Male : 13-17 / Female : 12-15',
 * 'M: 0.7-1.3 / F: 0.6-1.1'), multi-tier bands ('Desirable: < 200 / Borderline High: 200-239 /
 * High: >= 240', of which the desirable/normal band is the reference), and qualitative ones
 * ('Nil', 'Pale Yellow', 'Negative').
 */
export interface Band {
  low: number | null;
  high: number | null;
}

export interface ParsedRange extends Band {
  /** The printed text, lines joined by \n. */
  text: string;
  kind: 'numeric' | 'qualitative' | 'none';
  /** For sex-specific ranges, both bands (null when only one range is printed). */
  bySex: { male?: Band; female?: Band } | null;
  /** True when the band was picked among several tiers. */
  tiered: boolean;
  /** Every labelled band in order ('Desirable', 'Borderline High', 'High'); empty when not tiered. */
  tiers: Array<Band & { label: string }>;
  /** Bands printed per population (sex, age, pregnancy: parse/population-bands.ts), when so printed. */
  population?: PopulationBand[];
  /** The band(s) the flag is judged by, as shown to the patient ('Male: 14-16'), when picked among population bands. */
  shown?: string;
}

const NUM = String.raw`\d+(?:,\d{2,3})*(?:\.\d+)?|\.\d+`;
const BAND_RE = new RegExp(
  String.raw`(<=|>=|=<|=>|≤|≥|<|>|less\s+than(?:\s+or\s+equal\s+to)?|more\s+than|greater\s+than|above|below|up\s*to|upto|till|over)?\s*(${NUM})(?:\s*(?:-|–|—|to)\s*(${NUM}))?`,
  'i',
);

function num(s: string | undefined): number | null {
  if (!s) return null;
  const p = parseNumber(s);
  return p ? p.value : null;
}

/** One band: '13 - 17', '< 200', 'Upto 1.2', '>= 60'. */
export function parseBand(text: string): Band | null {
  const m = BAND_RE.exec(text);
  if (!m) return null;
  const op = (m[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
  const a = num(m[2]);
  const b = num(m[3]);
  if (a === null) return null;
  // Kept as printed even when inverted: for OCR text that is a sign of a lost decimal point.
  // '4000 - 10.000': a dot grouping thousands, told by the inverted band it would otherwise make.
  if (b !== null && !op && a > b && /^\d{1,3}\.\d{3}$/.test(m[3] ?? '') && b * 1000 > a)
    return { low: a, high: b * 1000 };
  if (b !== null && !op) return { low: a, high: b };
  if (/^(<|<=|=<|≤|less|below|up ?to|upto|till)/.test(op)) return { low: null, high: a };
  if (/^(>|>=|=>|≥|more|greater|above|over)/.test(op)) return { low: a, high: null };
  return null; // a bare number is not a range
}

const NORMAL_TIER =
  /^(normal|desirable|optimal|non[- ]?diabetic|sufficient|sufficiency|adequate|ideal|negative|normal\s+range|reference|euthyroid|low\s+risk|acceptable)$/i;
const SEX_LABEL = /^(male|female|men|women|m|f)$/i;

interface Labelled {
  label: string;
  band: Band;
}

/** 'Label: band' pairs in order; labels are words (no digits), so 'G1 >= 90' is not one. */
function labelledBands(text: string): Labelled[] {
  const out: Labelled[] = [];
  const re = new RegExp(
    String.raw`([A-Za-z][A-Za-z .'\-]*?)\s*(?::|=|-(?=\s))\s*((?:<=|>=|=<|=>|≤|≥|<|>|less\s+than|more\s+than|greater\s+than|above|below|up\s*to|upto)?\s*(?:${NUM})(?:\s*(?:-|–|to)\s*(?:${NUM}))?)`,
    'gi',
  );
  for (const m of text.matchAll(re)) {
    const band = parseBand(m[2]);
    if (!band) continue;
    out.push({ label: m[1].trim().replace(/\s+/g, ' '), band });
  }
  return out;
}

/**
 * Both sexes' bands as one, for a patient whose sex is unknown (flag only what is outside
 * both): the lower of the lows and the higher of the highs, and no bound where either band has none,
 * since a band open on one side lets every value on that side through. The one rule for printed
 * ranges (parseRange) and the knowledge base's ranges (judgeFlag).
 */
export function unionBands(a: Band, b: Band): Band {
  return {
    low: a.low === null || b.low === null ? null : Math.min(a.low, b.low),
    high: a.high === null || b.high === null ? null : Math.max(a.high, b.high),
  };
}

/**
 * A reference's label, printed before it: 'normal range', 'Ref:', 'Bio. Ref. Interval -', 'Normal:'.
 * A bare 'Normal' is no label: it is the reference itself (the expected answer of a word test).
 */
const RANGE_LABEL =
  /^(?:(?:bio(?:logical)?\.?\s*)?(?:ref(?:erence)?\.?|normal|expected)\s*(?:(?:range|interval|values?)\s*[:=-]?|[:=-])|range\s*[:=-])\s*(?=\S)/i;

/** The reference itself: wrapping brackets and a leading label gone ('(normal range Pale Yellow)' -> 'Pale Yellow'). */
export function rangeBody(raw: string): string {
  const t = raw.trim();
  const unwrapped = /^\((.*)\)$/s.exec(t)?.[1] ?? /^\[(.*)\]$/s.exec(t)?.[1] ?? t;
  return unwrapped.trim().replace(RANGE_LABEL, '');
}

const LOW_TIER = /^(?:low|decreased|below\s+normal)$/i;
const HIGH_TIER = /^(?:high|elevated|increased|above\s+normal)$/i;

export function parseRange(raw: string, sex: Sex | null, age: number | null = null): ParsedRange {
  const text = raw
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n')
    // A status column's word read into the range's cell ('Normal  < 200.00'): the lab's mark, not the range.
    .replace(/^(?:normal|high|low)\s+(?=[<>≤≥]|\d)/i, '');
  const flat = rangeBody(text.replace(/\n/g, ' / ').replace(/\[(.*)\]/s, '$1'));
  const base: ParsedRange = {
    text,
    kind: 'none',
    low: null,
    high: null,
    bySex: null,
    tiered: false,
    tiers: [],
  };
  if (!flat) return base;
  if (!/\d/.test(flat)) return { ...base, kind: 'qualitative' };

  // Bands per population: the patient's sex and age pick the band; when they leave several, the
  // flag is judged by all of them together (outside all of them), and all are shown (decision 192).
  const population = populationBands(flat, parseBand);
  const fitting = bandsFor(population, sex, age);
  if (fitting.length) {
    const band = fitting.reduce<Band>((acc, b) => unionBands(acc, b), fitting[0]);
    const male = population.find((b) => b.sex === 'male');
    const female = population.find((b) => b.sex === 'female');
    const bySex =
      male || female
        ? { ...(male ? { male: plain(male) } : {}), ...(female ? { female: plain(female) } : {}) }
        : null;
    return {
      ...base,
      kind: 'numeric',
      low: band.low,
      high: band.high,
      bySex,
      population,
      shown: fitting.map(bandText).join(' / '),
    };
  }

  const labelled = labelledBands(flat);
  const sexBands = labelled.filter((l) => SEX_LABEL.test(l.label));
  if (sexBands.length > 0) {
    const male = sexBands.find((l) => /^m/i.test(l.label))?.band;
    const female = sexBands.find((l) => /^(f|w)/i.test(l.label))?.band;
    const bySex = { male, female };
    let band: Band | undefined;
    if (sex === 'male') band = male ?? female;
    else if (sex === 'female') band = female ?? male;
    else band = male && female ? unionBands(male, female) : (male ?? female);
    if (band) return { ...base, kind: 'numeric', ...band, bySex };
  }
  const tiers = labelled.length > 1 ? labelled.map((l) => ({ label: l.label, ...l.band })) : [];
  if (labelled.length > 0) {
    const normal = labelled.find((l) => NORMAL_TIER.test(l.label));
    if (normal) return { ...base, kind: 'numeric', ...normal.band, tiered: labelled.length > 1, tiers };
    // Tiers named for the abnormal sides only ('Low: <40  High: >=60'): normal lies between them,
    // from the low tier's edge to the high tier's — never the first tier taken as the range.
    const lowSide = labelled.find((l) => LOW_TIER.test(l.label))?.band.high ?? null;
    const highSide = labelled.find((l) => HIGH_TIER.test(l.label))?.band.low ?? null;
    if (lowSide !== null || highSide !== null)
      return { ...base, kind: 'numeric', low: lowSide, high: highSide, tiered: labelled.length > 1, tiers };
  }
  // A plain band ('13.0 - 17.0', '< 200'); when several unlabelled ones appear, the first.
  const band = parseBand(flat);
  if (band) return { ...base, kind: 'numeric', ...band, tiered: labelled.length > 1, tiers };
  if (labelled.length > 0) return { ...base, kind: 'numeric', ...labelled[0].band, tiered: true, tiers };
  return { ...base, kind: 'qualitative' };
}

function plain(b: Band): Band {
  return { low: b.low, high: b.high };
}

/** The printed band a value falls in ('borderline high'), lower case; null when none or untiered. */
export function bandOf(range: ParsedRange, value: number): string | null {
  for (const t of range.tiers) {
    if ((t.low === null || value >= t.low) && (t.high === null || value <= t.high))
      return t.label.toLowerCase();
  }
  return null;
}

/** A reference range cell ('13.0 - 17.0', 'Up to 46', 'M: 13-17 / F: 12-15'), never a result. */
export function isRangeCell(text: string): boolean {
  const t = text.trim();
  if (/^[([]?\s*[<>]?\d[\d,.]*\s*(?:-|–|to)\s*\d[\d,.]*/i.test(t)) return true;
  if (/^[([]?\s*(?:less than|more than|greater than|upto|up to|below|above|till)\s*\d/i.test(t)) return true;
  if (
    /^\(?\s*(?:male|female|men|women|m|f|adults?|children|desirable|normal|optimal|borderline)\b[^\d]{0,20}\d/i.test(
      t,
    )
  )
    return true;
  return false;
}
