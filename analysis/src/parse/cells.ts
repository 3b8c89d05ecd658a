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

export function cleanLine(raw: string): string {
  return glueUnits(
    raw
      .slice(0, MAX_LINE)
      .replace(/\*\*(.+?)\*\*/g, '$1')
      .replace(/^\s*#{1,6}\s+/, '')
      .replace(/^\s*[-•]\s+(?=[A-Za-z])/, '')
      .replace(/\t/g, '    ')
      // Dot or underscore leaders between a name and its result are a column gap.
      .replace(/\s*(?:\.{3,}|_{3,}|…+)\s*/g, '    ')
      .replace(/\u00a0/g, ' '),
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
