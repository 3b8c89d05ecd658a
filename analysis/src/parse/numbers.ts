/**
 * Numbers as Indian labs print them: '1,50,000' (lakh grouping), '150,000', '4.70', '<0.01',
 * '>2000', '.5'. A comma is a thousands separator only when the digit groups say so, so
 * '4,5' (a European decimal) is refused rather than misread as 45.
 */
export interface ParsedNumber {
  value: number;
  qualifier: '<' | '>' | null;
}

const GROUPED = /^\d{1,3}(?:,\d{2})*,\d{3}$|^\d{1,3}(?:,\d{3})+$/;

export function parseNumber(raw: string): ParsedNumber | null {
  let text = raw.trim().replace(/\s+/g, '');
  let qualifier: ParsedNumber['qualifier'] = null;
  const q = /^(<=?|>=?|≤|≥)/.exec(text);
  if (q) {
    qualifier = q[1].startsWith('<') || q[1] === '≤' ? '<' : '>';
    text = text.slice(q[1].length);
  }
  const m = /^([+-]?)(\d[\d,]*)?(\.\d+)?$/.exec(text);
  if (!m || (!m[2] && !m[3])) return null;
  let int = m[2] ?? '0';
  if (int.includes(',')) {
    if (!GROUPED.test(int)) return null;
    int = int.replace(/,/g, '');
  }
  const value = Number(`${m[1]}${int}${m[3] ?? ''}`);
  return Number.isFinite(value) ? { value, qualifier } : null;
}

/** True when the token is a plain or censored number (no unit, no words). */
export function isNumberToken(raw: string): boolean {
  return parseNumber(raw) !== null;
}

/** True when the token is a number without '<' or '>' ('65', '1,50,000', '.5'). */
export function isPlainNumber(raw: string): boolean {
  return parseNumber(raw)?.qualifier === null;
}

/** All numbers in a piece of text, in order (used by the provider guard and the chat). */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\d[\d,]*(?:\.\d+)?|\.\d+/g)) {
    const parsed = parseNumber(m[0]) ?? parseNumber(m[0].replace(/,/g, ''));
    if (parsed) out.push(parsed.value);
  }
  return out;
}

/** Letters OCR reads in place of digits, the commonest confusions first. */
const LOOKALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  S: '5',
  s: '5',
  B: '8',
  l: '1',
  I: '1',
  '|': '1',
  Z: '2',
  g: '9',
};

/**
 * A photo's number token with letters confused for digits read back ('l3.S' is 13.5, '1O2' is
 * 102) and a separator glued before it dropped (':6.7', '|44'): the number, or null when the token
 * is a word ('Nil', 'Low') rather than a damaged number. At least one real digit is required and
 * at most two letters may be replaced, so a word is never turned into a number.
 */
export function readLookalikeDigits(raw: string): number | null {
  const token = raw.trim().replace(/^[:;|]\s*(?=\S)/, '');
  if (!/\d/.test(token) || !/^[\dOoDSsBlIZg|.,]+$/.test(token)) return null;
  const letters = token.replace(/[\d.,]/g, '').length;
  if (letters === 0 || letters > 2) return letters === 0 ? (parseNumber(token)?.value ?? null) : null;
  const digits = token.replace(/[OoDSsBlIZg|]/g, (c) => LOOKALIKES[c]);
  return parseNumber(digits)?.value ?? null;
}

/** Number formatting that keeps the report's own digits (no rounding a patient would notice). */
export function fmtNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(6)));
}

/** A number written with a decimal comma ('4,5', '1,42'): one or two digits after the comma. */
const DECIMAL_COMMA = /(?<![\d,.])(\d{1,4}),(\d{1,2})(?![\d,])/g;
/** A number grouped in thousands or lakhs ('4,500', '1,50,000'): three digits end it. */
const GROUPED_NUMBER = /\d,\d{3}(?!\d)/;

/**
 * A document written with decimal commas, as some analysers export ('Potassium 4,5 mmol/L 3,5 -
 * 5,1'): three such numbers or more and no number grouped in thousands or lakhs anywhere, so no
 * comma can be a separator of groups. Its commas become points; any other document is returned as
 * it is.
 */
export function decimalCommasAsPoints(lines: string[]): string[] {
  const text = lines.join('\n');
  if (GROUPED_NUMBER.test(text) || (text.match(DECIMAL_COMMA)?.length ?? 0) < 3) return lines;
  return lines.map((l) => l.replace(DECIMAL_COMMA, '$1.$2'));
}
