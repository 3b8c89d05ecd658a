/**
 * Dates are formatted in India's time zone on both server and browser, so the server's HTML and the
 * hydrated page agree and "This Month" means the patient's month.
 */
import type { Lang } from './i18n';

export const TIME_ZONE = 'Asia/Kolkata';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/**
 * Hindi short month names exactly as Intl.DateTimeFormat('hi-IN', { month: 'short' }) writes them
 * (CLDR; a test holds the two together), kept as a table for the same reason as IST_OFFSET_MS below:
 * no Intl formatter is built while a page hydrates. A Hindi page keeps the English pattern
 * 'MMM d, yyyy' with these names and Latin digits, so a date reads the same way in both languages
 * (decision 251).
 */
const MONTHS_HI = ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'];
const NONE = { en: 'N/A', hi: 'उपलब्ध नहीं' } as const;

const monthName = (month: number, lang: Lang) => (lang === 'hi' ? MONTHS_HI : MONTHS)[month - 1];

interface Parts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
}

// India has kept one offset, UTC+05:30 with no daylight saving, since 15 Oct 1945 (tz database,
// Asia/Kolkata): from then on the parts are plain arithmetic. The first Intl.DateTimeFormat with a time
// zone costs a phone 60-80 ms of one blocking task while a page hydrates (ICU loads its zone data), the
// largest piece of /user/dashboard's and /user/trends' blocking time in Lighthouse; it is now built only
// for an instant before that date.
const IST_OFFSET_MS = 330 * 60_000;
const IST_FIXED_SINCE = Date.UTC(1945, 9, 14, 18, 30);
let formatter: Intl.DateTimeFormat | null = null;

function parts(iso: string | Date): Parts | null {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const ms = d.getTime();
  if (Number.isNaN(ms)) return null;
  if (ms >= IST_FIXED_SINCE) {
    const ist = new Date(ms + IST_OFFSET_MS);
    return {
      year: ist.getUTCFullYear(),
      month: ist.getUTCMonth() + 1,
      day: ist.getUTCDate(),
      hour: ist.getUTCHours(),
      minute: ist.getUTCMinutes(),
    };
  }
  formatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const p: Record<string, number> = {};
  for (const part of formatter.formatToParts(d)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute };
}

/**
 * Dates as 'MMM d, yyyy' (SPEC §2), e.g. "Mar 5, 2025"; on a Hindi page "मार्च 5, 2025". Every date a
 * patient page shows goes through these functions, so both languages read one format.
 */
export function formatDate(iso: string | null | undefined, lang: Lang = 'en'): string {
  const p = iso ? parts(iso) : null;
  return p ? `${monthName(p.month, lang)} ${p.day}, ${p.year}` : NONE[lang];
}

function clock(p: Parts): string {
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${h12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** 'MMM d, yyyy, h:mm AM', in India's time. */
export function formatDateTime(iso: string | null | undefined, lang: Lang = 'en'): string {
  const p = iso ? parts(iso) : null;
  return p ? `${monthName(p.month, lang)} ${p.day}, ${p.year}, ${clock(p)}` : NONE[lang];
}

export function formatTime(iso: string | null | undefined): string {
  const p = iso ? parts(iso) : null;
  return p ? clock(p) : '';
}

/** A calendar month 'YYYY-MM' (the usage table) as 'MMM yyyy'; anything else is shown as it came. */
export function formatMonth(month: string, lang: Lang = 'en'): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const n = m ? Number(m[2]) : 0;
  return m && n >= 1 && n <= 12 ? `${monthName(n, lang)} ${m[1]}` : month;
}

/** Size in MB with two decimals (upload and guest results). */
export function formatMB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Confidence 0..1 as a whole percent. */
export function formatConfidence(score: number | null | undefined): string {
  return typeof score === 'number' ? `${Math.round(score * 100)}%` : 'N/A';
}

export function confidenceLevel(score: number | null | undefined): 'high' | 'medium' | 'low' | 'none' {
  if (typeof score !== 'number') return 'none';
  if (score >= 0.8) return 'high';
  if (score >= 0.6) return 'medium';
  return 'low';
}

const REPORT_TYPES_HI: Record<string, string> = {
  blood_test: 'ख़ून की जाँच',
  x_ray: 'एक्स-रे',
  mri: 'एमआरआई',
  ct_scan: 'सीटी स्कैन',
  ultrasound: 'अल्ट्रासाउंड',
  other: 'अन्य',
};

/** 'blood_test' → 'blood test' (in Hindi 'ख़ून की जाँच'); empty → 'General' (guest results). */
export function formatReportType(type: string | null | undefined, lang: 'en' | 'hi' = 'en'): string {
  if (lang === 'hi') return type ? (REPORT_TYPES_HI[type] ?? type.replace(/_/g, ' ')) : 'सामान्य';
  return type ? type.replace(/_/g, ' ') : 'General';
}

/** Hours and minutes until an instant, e.g. "23h 59m"; a Hindi page says "23 घंटे 59 मिनट". */
export function formatRemaining(iso: string, now: number, lang: Lang = 'en'): string {
  const ms = new Date(iso).getTime() - now;
  const mins = ms > 0 ? Math.floor(ms / 60000) : 0;
  const [h, m] = [Math.floor(mins / 60), mins % 60];
  return lang === 'hi' ? `${h} घंटे ${m} मिनट` : `${h}h ${m}m`;
}

/** Processing time: seconds under a minute, else minutes, one decimal; nothing known → 'N/A'. */
export function formatDuration(seconds: number | string | null | undefined): string {
  const s = typeof seconds === 'string' ? Number(seconds) : seconds;
  if (typeof s !== 'number' || !Number.isFinite(s) || s < 0) return 'N/A';
  return s < 60 ? `${s.toFixed(1)}s` : `${(s / 60).toFixed(1)} min`;
}

/** Seconds with one decimal, as the My Reports table shows processing time. */
export function formatSeconds(seconds: number | null | undefined): string {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? `${seconds.toFixed(1)}s` : 'N/A';
}

/**
 * File sizes in Bytes, KB, MB or GB with two decimals. KB, MB and GB are written so in Hindi too;
 * "Bytes" is a word, and a Hindi page says it in Hindi.
 */
export function formatSize(bytes: number | null | undefined, lang: 'en' | 'hi' = 'en'): string {
  const byteWord = lang === 'hi' ? 'बाइट' : 'Bytes';
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) return `0 ${byteWord}`;
  const units = [byteWord, 'KB', 'MB', 'GB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} ${byteWord}` : `${v.toFixed(2)} ${units[i]}`;
}

/** Whole digits grouped as India writes them: the last three, then pairs ("150000" → "1,50,000"). */
function indianGroups(whole: string): string {
  const head = whole.slice(0, -3);
  return head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
}

/**
 * Every plain number of four or more whole digits in a text, grouped the Indian way: a result or a
 * range as a patient reads it on an Indian report ("150000 - 410000" → "1,50,000 - 4,10,000").
 * Decimals keep their digits as printed; digits already grouped, or after a decimal point, are left.
 */
export function groupNumbers(text: string): string {
  return text.replace(/(?<![\d.,])\d{4,}(?![\d,])/g, indianGroups);
}

/**
 * A measured number as an Indian report writes it, in both languages: 250000 → "2,50,000", 1234.5
 * → "1,234.5", 5.6 as it is. Hindi pages write numbers so too (hi-IN, like en-IN, groups in Latin
 * digits the Indian way), so one function serves both.
 */
export function formatNumber(n: number): string {
  return groupNumbers(String(n));
}

/**
 * Rupees as India writes them, e.g. "₹1,23,456.5": at most two decimals, the last three digits then
 * pairs. The same text as toLocaleString('en-IN', { maximumFractionDigits: 2 }), without its cost in
 * the browser: the first Intl number format builds ICU's data, a blocking task of 300 ms and more on a
 * phone while the page hydrates.
 */
export function formatRupees(n: number): string {
  const shortest = String(Math.abs(n));
  // Infinity, NaN and exponent forms (below 1e-6, from 1e21): too rare to write out here.
  if (!/^\d+(\.\d+)?$/.test(shortest)) return `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
  // Like Intl, round the shortest decimal form of the number half away from zero (1.005 → 1.01).
  const [int, frac = ''] = shortest.split('.');
  const cents = BigInt(int + (frac + '00').slice(0, 2)) + (frac.length > 2 && frac[2] >= '5' ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  const whole = digits.slice(0, -2);
  const decimals = digits.slice(-2).replace(/0+$/, '');
  const grouped = indianGroups(whole);
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `₹${sign}${grouped}${decimals ? `.${decimals}` : ''}`;
}
