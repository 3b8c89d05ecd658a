import { analyteById } from './match-analyte';
import { readValueCell } from './values';
import type { Row } from './row';

/**
 * A differential count written on one line by its letters, as small labs and doctors' notes do
 * ('DLC: N 72  L 21  E 4  M 3  B 0 (%)', 'Diff - P60 L32 E4 M4 B0'): each letter a white cell's
 * share in per cent. Read only after a label that says it is the differential, with three letters
 * or more, each once, whose shares add up to a whole (95-105 %): anything else is left to the
 * other readers.
 */
const LABEL =
  /^\s*(?:dlc|d\.l\.c\.?|(?:differential|diff\.?)(?:\s+(?:leu[ck]ocyte\s+)?count)?)\s*(?:\(\s*%\s*\))?\s*[:=-]?\s*/i;
const PAIR = /\b([NPLEMB])\s*[:=-]?\s*(\d{1,2}(?:\.\d)?)\b/g;
const LETTER_TEST: Record<string, string> = {
  N: 'neutrophils',
  P: 'neutrophils', // polymorphs
  L: 'lymphocytes',
  E: 'eosinophils',
  M: 'monocytes',
  B: 'basophils',
};

export function readDifferentialLine(line: string, lineIndex: number): Row[] {
  const label = LABEL.exec(line);
  if (!label) return [];
  const body = line.slice(label[0].length).replace(/\(\s*%\s*\)|%/g, ' ');
  // Nothing but the pairs: a sentence that mentions letters and numbers is not this.
  if (body.replace(PAIR, ' ').trim()) return [];
  const pairs = [...body.matchAll(PAIR)].map((m) => ({ letter: m[1], text: m[2] }));
  const ids = pairs.map((p) => LETTER_TEST[p.letter]);
  if (pairs.length < 3 || new Set(ids).size !== ids.length) return [];
  const sum = pairs.reduce((s, p) => s + Number(p.text), 0);
  if (sum < 95 || sum > 105) return [];
  return pairs.flatMap((p) => {
    const analyte = analyteById(LETTER_TEST[p.letter]);
    const value = readValueCell(p.text, false);
    if (!analyte || !value) return [];
    // (a lone letter means nothing to a patient: the test's own name is shown)
    const row: Row = {
      analyte,
      known: true,
      name: analyte.name.en,
      value,
      unit: '%',
      rangeText: '',
      lineIndex,
      strategy: 'message',
    };
    return [row];
  });
}
