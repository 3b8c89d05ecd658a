import { ABNORMAL_FINDINGS, findingKey, NORMAL_FINDINGS } from '../knowledge/findings';
import type { Analyte } from '../types';
import { editDistance } from '../parse/match-analyte';
import { slipMayNegate } from '../parse/ocr-repair';
import { isQualitativeWord } from '../parse/values';

/**
 * A photo's result in words, judged as a reading (decision 200): the answers a test's result can
 * be are its knowledge base's normal answers, the words its printed range uses and the findings
 * any report writes (knowledge/findings.ts). Two readings agree when they are the same words after
 * findingKey's spelling, or the same known answer; a word that is no answer but one or two letters
 * from one ('fear' for 'Clear') is a misreading, not a finding.
 */

/** A word compared as a finding, spaces aside ('2 - 3' is '2-3'). */
function key(text: string): string {
  return findingKey(text.normalize('NFKC')).replace(/\s+/g, '');
}

/** The answers this test's result in words can be, as keys. */
export function knownAnswers(analyte: Analyte, rangeText: string): string[] {
  const rangeWords = rangeText
    .toLowerCase()
    .split(/\s*(?:\/|,|;|\(|\)|\bor\b)\s*/)
    .filter((w) => /[a-z]{3,}/.test(w));
  return [
    ...new Set(
      [...(analyte.reference.normal_text ?? []), ...rangeWords, ...NORMAL_FINDINGS, ...ABNORMAL_FINDINGS]
        .map(key)
        .filter(Boolean),
    ),
  ];
}

/** The known answer a reading is, allowing one slip in a word of five letters or more; else null. */
export function answerOf(text: string, answers: string[]): string | null {
  const k = key(text);
  if (!k) return null;
  if (answers.includes(k)) return k;
  if (k.length < 5) return null;
  const near = answers.filter((a) => a.length >= 5 && editDistance(k, a, 1) <= 1);
  return near.length === 1 && !slipMayNegate(k, near[0], answers) ? near[0] : null;
}

/**
 * A reading as the two readers' glyphs compare: letters outside the Latin script dropped (the
 * second reader's alphabet is Chinese as well: '頔Nil'), specks and leaders at its edges, and I, l, 1 and |
 * taken for one glyph ('NiI' for 'Nil'), as any reader of print confuses them.
 */
function glyphs(text: string): string {
  return key(
    text
      .normalize('NFKC')
      .replace(/[^\x20-\x7E\u00C0-\u024F]/g, '')
      // Specks and rules at the edges ('.Nil-'); a sign before a word ('-ve', '+ve') is kept.
      .replace(/^[\s.,:;|_!'"`~*]+|[\s.,:;|_!'"`~*-]+$/g, '')
      // A dashed leader's end before the word ('-- PALE YELLOW', '-++'): apart from it, or before a +.
      .replace(/^[-=~]+(?:\s+|(?=\+))/, '')
      .replace(/[Il1|]/g, 'l'),
  );
}

/** Whether a second reading of a word result confirms the first. */
export function sameWords(
  first: string,
  second: string | null,
  analyte: Analyte | undefined,
  rangeText: string,
): boolean {
  if (second === null || !glyphs(second)) return false;
  if (glyphs(first) === glyphs(second)) return true;
  // A dotless i read for l or I ('NII' for 'Nil'): the thin uprights are one glyph to any reader.
  if (thin(first) === thin(second)) return true;
  if (!analyte) return false;
  const answers = knownAnswers(analyte, rangeText);
  const a = answerOf(first, answers);
  if (a === null) return false;
  if (a === answerOf(second, answers) || a === answerOf(glyphs(second), answers)) return true;
  return lostThinEnd(first, second, a, answers) || glyphBefore(first, second, answers);
}

/** A word with the thin upright glyphs (i, l, I, 1, |) taken for one. */
function thin(text: string): string {
  return glyphs(text).replace(/i/g, 'l');
}

/**
 * The second reader lost the thin glyphs that end a known answer ('Ni', 'NI' or 'N' for 'Nil':
 * PP-OCR drops the i and the l at a short word's crop edge on most photos): the same reading when
 * what it lost is thin glyphs only, and the answer is the only one of the test's answers the
 * shorter reading is, thin glyphs taken off the ends of both. A reader that drops thin uprights cannot
 * make 'Negative' or 'Normal' an 'N'; a thicker letter lost ('Clea' for 'Clear') is no such slip.
 */
function lostThinEnd(first: string, second: string, answer: string, answers: string[]): boolean {
  const f = thin(first);
  const s = thin(second);
  if (!s || f.length <= s.length || !f.startsWith(s) || !/^l+$/.test(f.slice(s.length))) return false;
  const stem = s.replace(/l+$/, '');
  const shortened = answers.filter((x) => thin(x).replace(/l+$/, '') === stem);
  return shortened.length === 1 && thin(shortened[0]) === thin(answer) && thin(answer) === f;
}

/**
 * The second reader put a glyph before the word (a pen's stroke or a stamp's edge read as a
 * letter: 'ZNil', 'HNil'): the same reading when the rest is the first reading's glyphs, and no
 * answer of the test ends in the first reading — so that the glyph cannot be what is left of a
 * word the first reader lost under the mark ('Non' before 'Reactive').
 */
function glyphBefore(first: string, second: string, answers: string[]): boolean {
  const f = thin(first);
  const s = thin(second);
  if (f.length < 3 || s.length !== f.length + 1 || !s.endsWith(f) || !/^[a-z]$/.test(s[0])) return false;
  return !answers.some((x) => {
    const a = thin(x);
    return a !== f && a.endsWith(f);
  });
}

/**
 * A result in words that is no answer of its test and no word results are written in, but within
 * two letters of one of its answers (words of four letters or more): the answer misread ('fear'
 * for 'Clear'). Returns that answer, or null.
 */
export function misreadAnswer(value: string, analyte: Analyte, rangeText: string): string | null {
  // One word only: 'O Positive' (a blood group) is a word from 'positive' and a finding.
  if (!/^[A-Za-z]{4,}$/.test(value.trim()) || isQualitativeWord(value)) return null;
  const k = key(value);
  const answers = knownAnswers(analyte, rangeText);
  if (answers.includes(k)) return null;
  const near = answers.filter((a) => /^[a-z]{4,}$/.test(a) && editDistance(k, a, 2) <= 2);
  return near.length ? near.sort((a, b) => editDistance(k, a) - editDistance(k, b))[0] : null;
}
