import { glueUnits } from './units';

/** A column cell of a line and where it starts (character offset), for range continuations. */
export interface Cell {
  text: string;
  start: number;
}

/**
 * Cleans one line (markdown bold, table pipes, bullets) and splits it into column cells on
 * runs of 2+ spaces, pipes and tabs. A lone ':' between name and value is dropped.
 */
/** No printed row is this long; longer "lines" (binary-ish text, minified data) are cut. */
const MAX_LINE = 600;

/** Tags of an HTML page (a portal's report saved as a page): a cell's edge is a column gap. */
export const HTML_TAG =
  /<\/?(?:html|head|body|table|thead|tbody|tr|td|th|div|span|p|br|b|i|u|strong|em|font|h[1-6]|center|small|sup|sub)\b[^>]*>/i;
const HTML_CELL = /<\/?t[dh]\b[^>]*>/gi;
const HTML_ANY = new RegExp(HTML_TAG.source, 'gi');

export function cleanLine(raw: string): string {
  const text = HTML_TAG.test(raw)
    ? raw
        .replace(HTML_CELL, '    ')
        .replace(HTML_ANY, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : raw;
  return glueUnits(
    text
      .slice(0, MAX_LINE)
      .replace(/\*\*(.+?)\*\*/g, '$1')
      // A form's blank filled in ('Hb: __10.8__ g/dL', 'Name: ____Ritu____'): the writing is the field.
      .replace(/_{2,}([^_\s](?:[^_]*[^_\s])?)_{2,}/g, '$1')
      // A message's emphasis ('*Hemoglobin*: _1.4_'): a mark around words or a number, not a flag.
      .replace(/(^|[\s(:])\*([A-Za-z][^*]*?[A-Za-z.)])\*(?=[\s:]|$)/g, '$1$2')
      .replace(/(^|[\s(:])_([^_\s](?:[^_]*?[^_\s])?)_(?=[\s:,.)]|$)/g, '$1$2')
      .replace(/^\s*#{1,6}\s+/, '')
      .replace(/^\s*[-•]\s+(?=[A-Za-z])/, '')
      // A bullet or an icon before a message's line as OCR reads it ('[0 Vitamin D: 18', '[I Hb'),
      // a box ticked before a test ('[ ] TSH'): no part of the name.
      .replace(/^\s*[[\](){}!*#✓✔☐☑][\s\]0IlO!|]{0,2}\s+(?=[A-Za-z])/, '')
      .replace(/\t/g, '    ')
      // Fields of an export without its header ('Hemoglobin;10.1;g/dL;12-15'): a semicolon with no
      // space after it, three fields or more, separates cells (a list's '; ' parts phrases).
      .replace(/^[^;]+(?:;(?!\s)[^;]*){2,}$/, (fields) => fields.replace(/;(?!\s)/g, '    '))
      // ...and so does a line of quoted fields ('"Sr. Creatinine","1.42","mg/dL","0.6 - 1.1"').
      .replace(/^\s*"[^"]*"(?:\s*[,;]\s*"[^"]*"){2,}\s*$/, (fields) =>
        [...fields.matchAll(/"([^"]*)"/g)].map((m) => m[1] || '-').join('    '),
      )
      // Dot or underscore leaders between a name and its result are a column gap.
      .replace(/\s*(?:\.{3,}|_{3,}|…+)\s*/g, '    ')
      .replace(/\u00a0/g, ' ')
      // A glyph a PDF's font maps to no character (an arrow in a symbol font: '\u0000 148'), or to a
      // private-use one: a mark nobody can read, not part of the value.
      // eslint-disable-next-line no-control-regex -- control characters are what is being removed
      .replace(/[\u0000-\u0008\u000e-\u001f\ue000-\uf8ff\ufffd]+/g, ' '),
  );
}

export function splitCells(line: string): Cell[] {
  const cells: Cell[] = [];
  const re = /[^|\s](?:[^|\s]|\s(?!\s))*/g;
  for (const m of line.matchAll(re)) {
    const text = m[0].trim();
    if (!text || /^[:|~=-]+$/.test(text)) continue;
    cells.push({ text: text.replace(/^:\s*/, '').replace(/\s*:$/, ''), start: m.index ?? 0 });
  }
  return cells.filter((c) => c.text.length > 0);
}

export function indentOf(line: string): number {
  const m = /^\s*/.exec(line);
  return m ? m[0].length : 0;
}

/** A reference range on a line of its own, with its label: 'Bio. Ref. Interval : 4 - 11', '(Ref: 13 - 17)', 'Ref. interval   75 - 250'. */
const LABELLED_RANGE =
  /^\(?\s*(?:bio(?:logical)?\.?\s*)?(?:ref(?:erence)?\.?|normal)\s*(?:range|interval|values?)?(?:\s*[:=-]\s*|\s{2,}(?=[<>≤≥]?\s*\d))([^()]*[A-Za-z0-9][^()]*)\)?$/i;

/** The range text of a labelled range line, or null. */
export function labelledRange(line: string): string | null {
  const m = LABELLED_RANGE.exec(line.trim());
  return m ? m[1].trim() : null;
}

/**
 * A web or mail address ('Drlogy.com', 'www.lab.in', 'info@lab.co.in') printed across a page as a
 * watermark or in a letterhead is never a name, a result or a range: blanked, the line's other
 * cells keep their places.
 */
const ADDRESS =
  /(?<![\w@.])(?:https?:\/\/)?(?:[\w-]+@)?(?:www\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:com|in|org|net|co|info|health)(?:\.in)?(?:\/\S*)?(?![\w.])/gi;

export function blankAddresses(line: string): string {
  return line.replace(ADDRESS, (m) => ' '.repeat(m.length));
}
