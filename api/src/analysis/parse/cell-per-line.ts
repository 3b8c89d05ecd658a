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
    /^[A-Za-z(]/.test(line) &&
    /[A-Za-z]{2}/.test(line) &&
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
      if (kind === 'value' && values === 1) break;
      if (kind === 'value') values++;
      parts.push(cleanLine(out[j]).trim());
      used.push(j);
    }
    if (values !== 1 || parts.length < 2) continue;
    out[i] = [cleanLine(out[i]).trim(), ...parts].join('    ');
    for (const u of used) out[u] = '';
    grouped.add(i);
    i = used[used.length - 1] ?? i;
  }
  return { lines: out, grouped };
}
