// @ts-nocheck
// 
import { cleanLine, splitCells } from './cells';
import { parseNumber } from './numbers';
import { isUnitToken } from './units';
import { isFlagToken, isQualitativeWord, readValueCell } from './values';

/**
 * Tables pasted one cell per line: the test name, then its result, unit and range, each on a
 * line of its own, with method lines ('Method : GLDH', '(CLIA)') in between. Such runs are
 * grouped back into one row line, cells separated as columns are, so the row reader sees the
 * same thing as for a printed table. Grouped lines are returned in `grouped` (their positions are
 * not the page's columns, so a table header's positions do not apply to them).
 */
const METHOD = /^(?:method(?:ology)?\s*[:-]|\(.*\)$|sample\s*(?:type)?\s*[:-]|specimen\s*[:-])/i;
const RANGE =
  /^\(?\s*(?:[<>≤≥]=?\s*\d|\d[\d,.]*\s*(?:-|–|to)\s*\d|(?:less than|more than|greater than|up\s*to|upto|below|above)\s*\d|(?:male|female|men|women|m|f|desirable|normal|optimal|borderline(?:\s+high)?|high|low|adults?|children)\s*[:=-]?\s*[<>≤≥]?=?\s*\d)/i;

type Kind = 'value' | 'unit' | 'range' | 'flag' | 'method' | 'blank' | 'other';

function kindOf(raw: string): Kind {
  const line = cleanLine(raw).trim();
  if (!line) return 'blank';
  if (METHOD.test(line)) return 'method';
  if (splitCells(line).length !== 1) return 'other';
  if (RANGE.test(line) && !/^\d[\d,.]*\s*(?:[HL*]|high|low)?$/i.test(line)) return 'range';
  // 'Deficient: <10, Insufficient: 10 - 30': labelled bands of a tiered range.
  if (/^[A-Za-z][A-Za-z .'-]{1,40}\s*:\s*(?:[<>≤≥]=?|less than|more than|upto|up to)?\s*\d/i.test(line))
    return 'range';
  // '[13.0 - 17.0]', '(Nil)': a bracketed reference.
  if (/^[[(].*[\])]$/.test(line) && !/^\((?:h|l|hh|ll)\)$/i.test(line)) return 'range';
  if (isFlagToken(line)) return 'flag';
  if (isUnitToken(line)) return 'unit';
  const cell = readValueCell(line, false);
  if (cell && (cell.number || isQualitativeWord(String(cell.value)))) return 'value';
  if (isQualitativeWord(line)) return 'value';
  if (parseNumber(line.replace(/\s+/g, ''))) return 'value';
  return 'other';
}

function isNameLine(raw: string): boolean {
  const line = cleanLine(raw).trim();
  return (
    splitCells(line).length === 1 &&
    (/^[A-Za-z(]/.test(line) || /^\d{1,2}\s*[-(]?\s*[A-Za-z(]{2}/.test(line)) &&
    /[A-Za-z].*[A-Za-z]/.test(line) &&
    line.length <= 70 &&
    !METHOD.test(line) &&
    !isQualitativeWord(line) &&
    !isUnitToken(line)
  );
}

export function groupCellPerLine(lines: string[]): { lines: string[]; grouped: Set<number> } {
  const out = [...lines];
  const grouped = new Set<number>();
  for (let i = 0; i < out.length; i++) {
    if (!isNameLine(out[i])) continue;
    const parts: string[] = [];
    const used: number[] = [];
    let values = 0;
    let wordValue = false;
    let blanks = 0;
    let j = i + 1;
    for (; j < out.length && j <= i + 12; j++) {
      const kind = kindOf(out[j]);
      if (kind === 'blank') {
        if (++blanks > 1) break;
        continue;
      }
      if (kind === 'method') {
        used.push(j);
        continue;
      }
      if (kind === 'other') break;
      // 'Pale Yellow' after 'Pale Yellow': a word result's reference is a word too.
      if (kind === 'value' && values === 1 && wordValue && isQualitativeWord(cleanLine(out[j]).trim())) {
        parts.push(cleanLine(out[j]).trim());
        used.push(j);
        continue;
      }
      if (kind === 'value' && values === 1) break;
      if (kind === 'value') wordValue = !/\d/.test(cleanLine(out[j]));
      if (kind === 'value') values++;
      parts.push(cleanLine(out[j]).trim());
      used.push(j);
    }
    // '0-1' (a urine count) or '<0.01' (a censored result) read like a range; when nothing else
    // on the row is a result, the first of them is.
    if (values === 0 && parts.length >= 2 && /^(?:\d+\s*-\s*\d+|[<>]=?\s*[\d.]+)$/.test(parts[0])) values = 1;
    if (values !== 1 || parts.length < 2) continue;
    out[i] = [cleanLine(out[i]).trim(), ...parts].join('    ');
    for (const u of used) out[u] = '';
    grouped.add(i);
    i = used[used.length - 1] ?? i;
  }
  return { lines: out, grouped };
}
