import { AnalysisError } from '../errors';
import type { ExtractedText } from './index';

/**
 * Input caps at the engine's entry (applied in the extraction thread, before the analysis). A lab
 * report, even a long panel of many pages, is a few thousand lines and well under a megabyte of
 * text; far more is not a report (or is built to be slow) and is refused rather than analysed for
 * minutes. Lines past MAX_LINE_CHARS are cut: no row of a report is that long, and the line
 * parsers' cost grows with the length of a line.
 */
export const MAX_LINES = 20_000;
export const MAX_LINE_CHARS = 2_000;
export const MAX_TEXT_CHARS = 2_000_000;

export function capLines(text: ExtractedText): ExtractedText {
  if (text.lines.length > MAX_LINES) throw tooMuch(`${MAX_LINES} lines`);
  const long = text.lines.some((l) => l.length > MAX_LINE_CHARS);
  const lines = long
    ? text.lines.map((l) => (l.length > MAX_LINE_CHARS ? l.slice(0, MAX_LINE_CHARS) : l))
    : text.lines;
  let chars = 0;
  for (const l of lines) chars += l.length + 1;
  if (chars > MAX_TEXT_CHARS) throw tooMuch(`${MAX_TEXT_CHARS / 1_000_000} million characters`);
  return long ? { ...text, lines } : text;
}

function tooMuch(what: string): AnalysisError {
  return new AnalysisError(
    `The file holds far more text than a lab report (over ${what}), so it was not analysed`,
    { code: 'too_much_text' },
  );
}
