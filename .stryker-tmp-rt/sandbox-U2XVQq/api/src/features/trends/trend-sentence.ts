/**
 * The one-line, plain-language summary of how a value moved, in English and Hindi:
 * "HbA1c fell from 7.9 % to 6.8 % over 6 months, now within the normal range".
 * A change under 3 % of the first value reads as "stayed about the same".
 */
// @ts-nocheck


export type Direction = 'up' | 'down' | 'steady';
type Band = 'below' | 'within' | 'above' | 'unknown';

export function formatNumber(n: number): string {
  return n.toLocaleString('en-IN', { maximumFractionDigits: Math.abs(n) >= 100 ? 0 : 2 });
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

function span(from: Date, to: Date): { en: string; hi: string } {
  const days = Math.max(0, Math.round((to.getTime() - from.getTime()) / 86_400_000));
  const months = Math.round(days / 30.44);
  if (days < 45) return { en: `${days} day${days === 1 ? '' : 's'}`, hi: `${days} दिन` };
  if (months < 24) return { en: `${months} month${months === 1 ? '' : 's'}`, hi: `${months} महीने` };
  const years = Math.round(months / 12);
  return { en: `${years} years`, hi: `${years} साल` };
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

export function trendSentence(input: {
  name: { en: string; hi: string };
  unit: string;
  first: { value: number; date: Date };
  last: { value: number; date: Date };
  low: number | null;
  high: number | null;
}): { direction: Direction; sentence: { en: string; hi: string } } {
  const { name, unit, first, last } = input;
  const direction = directionOf(first.value, last.value);
  const over = span(first.date, last.date);
  const tail = clause(bandOf(first.value, input.low, input.high), bandOf(last.value, input.low, input.high));
  const a = withUnit(first.value, unit);
  const b = withUnit(last.value, unit);
  if (direction === 'steady')
    return {
      direction,
      sentence: {
        en: `${name.en} stayed about the same (${a} to ${b}) over ${over.en}${tail.en}`,
        hi: `${name.hi} ${over.hi} में लगभग एक जैसा रहा (${a} से ${b})${tail.hi}`,
      },
    };
  const verbEn = direction === 'up' ? 'rose' : 'fell';
  const verbHi = direction === 'up' ? 'बढ़कर' : 'घटकर';
  return {
    direction,
    sentence: {
      en: `${name.en} ${verbEn} from ${a} to ${b} over ${over.en}${tail.en}`,
      hi: `${name.hi} ${over.hi} में ${a} से ${verbHi} ${b} हो गया${tail.hi}`,
    },
  };
}
