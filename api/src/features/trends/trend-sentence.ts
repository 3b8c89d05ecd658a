/**
 * The one-line, plain-language summary of how a value moved, in English and Hindi:
 * "HbA1c fell from 7.9 % to 6.8 % over 6 months, now within the normal range".
 * A change under 3 % of the first value reads as "stayed about the same".
 */

export type Direction = 'up' | 'down' | 'steady';
type Band = 'below' | 'within' | 'above' | 'unknown';

// Made once: toLocaleString with options builds a new formatter on every call (a trends page
// formats a few hundred numbers).
const WHOLE = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const TWO_DECIMALS = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

export function formatNumber(n: number): string {
  return (Math.abs(n) >= 100 ? WHOLE : TWO_DECIMALS).format(n);
}

export function directionOf(first: number, last: number): Direction {
  const base = Math.abs(first) || 1;
  if (Math.abs(last - first) / base < 0.03) return 'steady';
  return last > first ? 'up' : 'down';
}

export function bandOf(value: number, low: number | null, high: number | null): Band {
  if (low === null && high === null) return 'unknown';
  if (low !== null && value < low) return 'below';
  if (high !== null && value > high) return 'above';
  return 'within';
}

/** 'YYYY-MM-DD' (a sample's date) or an ISO time, as a day count since the epoch. */
const dayOf = (d: string) => Math.floor(Date.parse(d.length === 10 ? `${d}T00:00:00Z` : d) / 86_400_000);

/**
 * How far apart two samples were taken, with its preposition: "over 6 months" / "6 महीने में";
 * reports of the same day say so rather than "over 0 days".
 */
function span(from: string, to: string): { en: string; hi: string } {
  const days = Math.max(0, dayOf(to) - dayOf(from));
  const months = Math.round(days / 30.44);
  if (days === 0) return { en: 'on the same day', hi: 'एक ही दिन में' };
  if (days < 45) return { en: `over ${days} day${days === 1 ? '' : 's'}`, hi: `${days} दिन में` };
  if (months < 24) return { en: `over ${months} month${months === 1 ? '' : 's'}`, hi: `${months} महीने में` };
  const years = Math.round(months / 12);
  return { en: `over ${years} years`, hi: `${years} साल में` };
}

const withUnit = (n: number, unit: string) => (unit ? `${formatNumber(n)} ${unit}` : formatNumber(n));

function clause(firstBand: Band, lastBand: Band): { en: string; hi: string } {
  if (lastBand === 'within')
    return firstBand === 'within'
      ? { en: ', within the normal range', hi: ', सामान्य सीमा में' }
      : { en: ', now within the normal range', hi: ', अब सामान्य सीमा में है' };
  if (lastBand === 'above')
    return firstBand === 'above'
      ? { en: ', still above the normal range', hi: ', अब भी सामान्य सीमा से ऊपर है' }
      : { en: ', now above the normal range', hi: ', अब सामान्य सीमा से ऊपर है' };
  if (lastBand === 'below')
    return firstBand === 'below'
      ? { en: ', still below the normal range', hi: ', अब भी सामान्य सीमा से नीचे है' }
      : { en: ', now below the normal range', hi: ', अब सामान्य सीमा से नीचे है' };
  return { en: '', hi: '' };
}

/** A point of the sentence: its value, its sample's date and its own report's range. */
interface End {
  value: number;
  date: string;
  low: number | null;
  high: number | null;
}

/**
 * The first and the last value of a series, each judged against its own report's range (two labs
 * print two ranges), the time between them from the samples' dates.
 */
/**
 * A value within its range at both ends that left it in between ("Haemoglobin stayed about the
 * same ... back within the normal range after being below it"): the ends alone would hide it.
 */
function excursion(firstBand: Band, lastBand: Band, between: End[]): { en: string; hi: string } | null {
  if (firstBand !== 'within' || lastBand !== 'within') return null;
  const bands = new Set(between.map((p) => bandOf(p.value, p.low, p.high)));
  const above = bands.has('above');
  const below = bands.has('below');
  if (!above && !below) return null;
  const where =
    above && below
      ? { en: 'outside', hi: 'सीमा से बाहर' }
      : above
        ? { en: 'above', hi: 'सीमा से ऊपर' }
        : { en: 'below', hi: 'सीमा से नीचे' };
  return {
    en: `, back within the normal range after being ${where.en} it`,
    hi: `, बीच में सामान्य ${where.hi} रहने के बाद अब फिर सामान्य सीमा में है`,
  };
}

export function trendSentence(input: {
  name: { en: string; hi: string };
  unit: string;
  first: End;
  last: End;
  /** The values between the two ends, each with its own range. */
  between?: End[];
}): { direction: Direction; sentence: { en: string; hi: string } } {
  const { name, unit, first, last } = input;
  const direction = directionOf(first.value, last.value);
  const over = span(first.date, last.date);
  const firstBand = bandOf(first.value, first.low, first.high);
  const lastBand = bandOf(last.value, last.low, last.high);
  const tail = excursion(firstBand, lastBand, input.between ?? []) ?? clause(firstBand, lastBand);
  const a = withUnit(first.value, unit);
  const b = withUnit(last.value, unit);
  if (direction === 'steady')
    return {
      direction,
      sentence: {
        en: `${name.en} stayed about the same (${a} to ${b}) ${over.en}${tail.en}`,
        hi: `${name.hi} ${over.hi} लगभग एक जैसा रहा (${a} से ${b})${tail.hi}`,
      },
    };
  const verbEn = direction === 'up' ? 'rose' : 'fell';
  const verbHi = direction === 'up' ? 'बढ़कर' : 'घटकर';
  return {
    direction,
    sentence: {
      en: `${name.en} ${verbEn} from ${a} to ${b} ${over.en}${tail.en}`,
      hi: `${name.hi} ${over.hi} ${a} से ${verbHi} ${b} हो गया${tail.hi}`,
    },
  };
}
