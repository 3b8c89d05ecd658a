import { cleanLine, splitCells } from './cells';
import { matchAnalyte } from './match-analyte';
import { isUnitToken, unitFactor } from './units';
import { readValueCell } from './values';
import { explanationLines, isResultsHeader, NOTES_HEADING } from './regions';

/**
 * Every line accounted for. Each line of a document ends as part of a read row (or a row named
 * as unread), as a known non-result (letterhead, patient block, table headers and rules, notes,
 * signatures), or as UNREAD. An unread line that looks like a result — a test the knowledge base
 * knows followed by a value, or a number with a unit and a reference range — is returned here,
 * so the patient is told to check it on the printed report instead of it being dropped silently.
 */

/** First cells of page furniture: the patient block, dates, page numbers, signatures. */
const FURNITURE =
  /^(?:sample|specimen|method|tat|collected|received|reported|registered|page|printed|lab\b|ref\b|referred|dr\.?\b|mr\.?\b|mrs\.?\b|ms\.?\b|patient|name|age|sex|gender|uhid|reg|bill|date|time|report|phone|tel|mobile|email|address|barcode|client|centre|center|visit|id\b|sr\.?\s*no|s\.?\s*no)\b/i;

const RANGE = /\d\s*(?:-|–|to)\s*\d|[<>≤≥]\s*\d|up\s*to\s*\d/i;

/** The reason a line looks like a result, or null. */
export function resultLooking(line: string): 'named test' | 'value with unit and range' | null {
  // A delimited export's line that no table took (its header misread on a photo): its semicolons
  // and quotes separate cells as spaces do, and so do two dots or more (leaders OCR left glued,
  // 'R.B.C..Nil').
  const cells = splitCells(cleanLine(line.replace(/[;"“”„]|\.{2,}/g, '  ')));
  if (cells.length === 0) return null;
  const first = cells[0].text;
  if (FURNITURE.test(first)) return null;
  const text = cells.map((c) => c.text).join(' ');
  if (!/\d/.test(text) && cells.length < 2) return null;
  const rest = cells.slice(1);
  const known = (name: string) =>
    name.length <= 60 &&
    !!matchAnalyte(name.replace(/\s*[:=-]+$/, ''), { section: 'general', unit: '', fuzzy: false });
  if (known(first) && rest.some((c) => readValueCell(c.text, true) !== null)) return 'named test';
  // A result glued to its name by a single space ('URINE GLUCOSE Nil', 'Calcium 10.1').
  const glued = /^(.+?)\s+(\S+)$/.exec(first);
  if (glued && known(glued[1]) && readValueCell(glued[2], true) !== null) return 'named test';
  const tokens = text.split(/\s+/);
  const value = tokens.findIndex((t) => /^[<>]?\d[\d,]*(?:\.\d+)?$/.test(t));
  if (
    value >= 0 &&
    tokens.slice(value + 1).some(isUnitToken) &&
    RANGE.test(tokens.slice(value + 1).join(' '))
  )
    return 'value with unit and range';
  return null;
}

export interface Accounting {
  /** Result-looking lines no row came from, as printed (trimmed, spaces squeezed). */
  unread: string[];
}

/**
 * The lines no row came from that look like results. A line naming a test that was read is a
 * note about it or a repeat (a page header, an interpretation table), not a missed row.
 */
export function accountLines(
  lines: string[],
  used: Set<number>,
  furniture: Set<number>,
  readNames: Set<string>,
  /** Rows of the table reader (their cells) whose printed lines another row used (tables side by side). */
  hidden: string[] = [],
): Accounting {
  const unread: string[] = [];
  const named = (line: string) => {
    const first = splitCells(cleanLine(line))[0]?.text ?? '';
    const analyte = matchAnalyte(first.replace(/\s*[:=-]+$/, ''), {
      section: 'general',
      unit: '',
      fuzzy: false,
    });
    return !!analyte && readNames.has(analyte.id);
  };
  let notes = false;
  for (const [i, line] of lines.entries()) {
    if (!line.trim() || used.has(i) || furniture.has(i)) continue;
    const first = splitCells(cleanLine(line))[0]?.text ?? '';
    if (NOTES_HEADING.test(first)) notes = true;
    if (isResultsHeader(line)) notes = false; // a table header: results follow again
    if (notes) continue;
    if (!resultLooking(line) || named(line)) continue;
    unread.push(line.trim().replace(/\s{2,}/g, '  '));
  }
  for (const line of hidden)
    if (resultLooking(line) && !named(line)) unread.push(line.trim().replace(/\s{2,}/g, '  '));
  return { unread };
}

/** A number of money, time or a bill, never a test's result ('Rs. 2400', 'Paid: 2000', 'after 6 PM'). */
const NOT_A_MEASURE =
  /^(?:rs\.?|₹|inr|amount|discount|paid|total|balance|bill|no\.?|after|before|within)\s|\s(?:am|pm|hrs?|hours?|mins?|minutes?|days?|weeks?|months?|years?|yrs?)$/i;

/** A number standing as a word, as a result is printed ('7.1', '1,50,000', '<0.5'). */
const NUMBER_WORD = /^[<>]?\d[\d,]*(?:\.\d+)?$/;

/**
 * The tests a document names beside a number a patient could have for them, when no reader could
 * pair them (issue 29, item 4): 'The value 7.1 was seen for potassium', a name and its result far
 * apart in a layout no reader knows. Each is a known test's name (two to four words, or one word
 * of three letters or more, matched exactly) with, on its line or the next two, a number within
 * the test's living limits — in the test's unit where one is printed after it; a single test
 * only with its unit. Only the first lines and characters of a document are looked at: this is a
 * last resort, not a reader.
 */
export function testsNamedBesideValues(
  lines: string[],
): Array<{ analyte: NonNullable<ReturnType<typeof matchAnalyte>>; name: string; line: number }> {
  const out: Array<{
    analyte: NonNullable<ReturnType<typeof matchAnalyte>>;
    name: string;
    line: number;
    unit: boolean;
  }> = [];
  const seen = new Set<string>();
  // Bills and medicines prescribed name tests beside numbers that are no results ('HbA1c  1
  // 450.00', 'Tab. Iron 100 mg once daily'): never a sign of a result left unread. (A note's
  // words still are: 'Notes from the phone call' over 'sodium came back at 128'.)
  const explained = explanationLines(lines, 'bills');
  const head = lines.slice(0, 200).map((l, i) => (explained.has(i) ? '' : l.slice(0, 240)));
  // The name's line and the next two lines that hold anything.
  const near = (at: number) => [
    head[at],
    ...head
      .slice(at + 1)
      .filter((l) => l.trim())
      .slice(0, 2),
  ];
  const numbersNear = (at: number) =>
    near(at).flatMap((l) => {
      const words = l.split(/\s+/).map((w) => w.replace(/^[(:=-]+|[),.;:]+$/g, ''));
      return words.flatMap((w, i) =>
        NUMBER_WORD.test(w) && !NOT_A_MEASURE.test(`${words[i - 1] ?? ''} ${w} ${words[i + 1] ?? ''}`)
          ? [{ text: w, unit: words[i + 1] ?? '' }]
          : [],
      );
    });
  for (const [at, line] of head.entries()) {
    if (FURNITURE.test(line.trim())) continue;
    const words = line.split(/\s+/).filter(Boolean).slice(0, 40);
    for (let i = 0; i < words.length; i++) {
      // A name does not run past a comma or a full stop ('potassium, which is above').
      let most = 1;
      while (most < 4 && i + most < words.length && !/[,.;:]$/.test(words[i + most - 1])) most++;
      for (let n = most; n >= 1; n--) {
        const name = words
          .slice(i, i + n)
          .join(' ')
          .replace(/^[(]+|[),.;:]+$/g, '');
        if (n === 1 && name.replace(/[^A-Za-z]/g, '').length < 3) continue;
        const analyte = matchAnalyte(name, { section: 'general', unit: '', fuzzy: false });
        if (!analyte || analyte.kind !== 'quantitative' || seen.has(analyte.id)) continue;
        const limits = analyte.plausible;
        const fit = numbersNear(at).flatMap(({ text, unit }) => {
          const value = readValueCell(text, false);
          if (!value || typeof value.value !== 'number') return [];
          if (isUnitToken(unit))
            return unitFactor(unit, analyte.unit, analyte.units) !== null ? ['unit'] : [];
          // (a test that can rise a thousandfold has no limits: any count is one it could have)
          const possible = limits
            ? value.value >= limits.low && value.value <= limits.high
            : value.value >= 0;
          return possible ? ['plausible'] : [];
        });
        if (!fit.length) continue;
        seen.add(analyte.id);
        out.push({ analyte, name, line: at, unit: fit.includes('unit') });
        i += n - 1;
        break;
      }
    }
  }
  // One test beside a bare number may be a word of something else ('Calcium carbonate experiment
  // score 9'): it counts with the test's unit after the number, or with a second test named.
  return out.length >= 2 || out.some((t) => t.unit) ? out : [];
}
