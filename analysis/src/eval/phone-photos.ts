import { analyzeDocument } from '../index';
import { AnalysisError } from '../errors';
import type { AnalysisResult } from '../types';
import { loadFixtures, type Fixture, type TruthTest } from './fixtures';
import { sourceFixtures } from './layouts';
import { linesToImage, type Degradation, type PhotoEffect } from './render';
import { scoreFile, totals, type FileScore, type GroupTotals } from './score';
import { pickForPhotos } from './shapes';

/**
 * Phone pictures of Indian reports as patients send them, generated from the corpus' truth: each
 * degradation is one thing real photos have (WhatsApp compression, values after a colon, red
 * results with arrows and padded percentages, a curled and shadowed page, a low-resolution
 * screenshot, a stamp and pen strokes over the table), measured on its own so that a change that
 * helps one and hurts another shows.
 */
export interface PhotoCase {
  id: string;
  effect: PhotoEffect;
  degrade?: Degradation;
  /** How the table is printed. */
  style: 'columns' | 'colon' | 'red arrows' | 'red';
}

export const PHONE_PHOTOS: PhotoCase[] = [
  { id: 'photo (no extra degradation)', effect: 'photo', style: 'columns' },
  { id: 'whatsapp compression', effect: 'photo', degrade: 'whatsapp', style: 'columns' },
  { id: 'values after a colon', effect: 'photo', style: 'colon' },
  { id: 'red results, arrows, 07 %', effect: 'clean', style: 'red arrows' },
  // Many labs print an abnormal result only in red: the colour is the lab's only mark.
  { id: 'red results, no arrows', effect: 'clean', style: 'red' },
  { id: 'red, no arrows, WhatsApp screenshot', effect: 'clean', degrade: 'whatsapp', style: 'red' },
  { id: 'red, no arrows, phone photo', effect: 'photo', style: 'red' },
  { id: 'curled, shadowed page', effect: 'photo', degrade: 'curl', style: 'columns' },
  { id: 'low-resolution screenshot', effect: 'clean', degrade: 'low-res', style: 'columns' },
  { id: 'stamp and pen marks', effect: 'photo', degrade: 'stamp and pen', style: 'columns' },
];

export interface PhotoCaseScore {
  id: string;
  totals: GroupTotals;
  scores: FileScore[];
  /** Results drawn in red; of them, shown as printed red; results shown red that were drawn black. */
  red: { printed: number; read: number; wrong: number };
}

function printedValue(t: TruthTest, style: PhotoCase['style']): string {
  const printed = (t as TruthTest & { value_as_printed?: string }).value_as_printed ?? String(t.value);
  // Many Indian CBCs pad a whole percentage to two digits: 'Eosinophils 07 %'.
  if (style === 'red arrows' && /^\d$/.test(printed) && t.unit_as_printed.trim() === '%')
    return `0${printed}`;
  return printed;
}

/** A result the lab prints in red in this style: a high or low one. */
function redTest(t: TruthTest, style: PhotoCase['style']): boolean {
  if (style !== 'red arrows' && style !== 'red') return false;
  return t.flag_expected !== 'normal' && t.flag_expected !== 'abnormal';
}

/** The report's lines, and which result cells are printed red. */
export function photoLines(src: Fixture, style: PhotoCase['style']): { lines: string[]; red: Set<string> } {
  const t = src.truth;
  const p = t.patient;
  const sex = p?.sex ? `${p.sex[0].toUpperCase()}${p.sex.slice(1)}` : '';
  const lines = [
    'SHREE DIAGNOSTIC CENTRE',
    `Patient: ${(t as { patient?: { name?: string } }).patient?.name ?? 'Patient'}   Age: ${p?.age ?? ''} Years   Sex: ${sex}`,
    '',
    `${'Test'.padEnd(34)}${'Result'.padEnd(14)}${'Unit'.padEnd(16)}Reference Range`,
  ];
  const red = new Set<string>();
  for (const test of t.tests) {
    let value = printedValue(test, style);
    const flagged = redTest(test, style);
    if (style === 'red arrows' && flagged) value += test.flag_expected.endsWith('high') ? ' ↑' : ' ↓';
    const name = test.name_as_printed.padEnd(32);
    const cell = style === 'colon' ? `: ${value}`.padEnd(16) : `  ${value}`.padEnd(16);
    const line = `${name}${cell}${test.unit_as_printed.padEnd(16)}${test.ref_text.replace(/\s*\n\s*/g, '; ')}`;
    if (flagged) red.add(`${lines.length}:${name.length + 2}`);
    lines.push(line);
  }
  return { lines, red };
}

/** Sources whose ranges fit on one line (a sex-specific range on two lines is another layout). */
export function photoSources(fixtures: Fixture[], n: number): Fixture[] {
  return pickForPhotos(
    sourceFixtures(fixtures).filter((f) => f.truth.tests.every((t) => !t.ref_text.includes('\n'))),
    n,
  );
}

export async function runPhonePhotos(
  options: { dir?: string; sources?: number; seed?: number } = {},
): Promise<PhotoCaseScore[]> {
  const sources = photoSources(loadFixtures(options.dir), options.sources ?? 5);
  const out: PhotoCaseScore[] = [];
  for (const c of PHONE_PHOTOS) {
    const scores: FileScore[] = [];
    const redCount = { printed: 0, read: 0, wrong: 0 };
    for (const src of sources) {
      const { lines, red } = photoLines(src, c.style);
      const bytes = await linesToImage(lines, c.effect, {
        degrade: c.degrade,
        seed: options.seed,
        red: (line, column) => red.has(`${line}:${column}`),
      });
      const fx: Fixture = {
        ...src,
        rel: `${c.id} <- ${src.file}`,
        truth: { ...src.truth, format: c.effect === 'clean' ? 'png' : 'jpg' },
      };
      const t0 = performance.now();
      let result: AnalysisResult | null = null;
      let error: string | null = null;
      try {
        result = await analyzeDocument({
          bytes,
          filename: c.effect === 'clean' ? 'r.png' : 'r.jpg',
          language: 'en',
        });
      } catch (err) {
        error = err instanceof AnalysisError ? err.message : String(err);
      }
      scores.push(scoreFile(fx, result, error, performance.now() - t0));
      const drawnRed = new Set(src.truth.tests.filter((t) => redTest(t, c.style)).map((t) => t.canonical));
      redCount.printed += drawnRed.size;
      for (const v of result?.values ?? []) {
        if (!v.printed_red) continue;
        if (drawnRed.has(v.canonical_id)) redCount.read++;
        else redCount.wrong++;
      }
    }
    out.push({ id: c.id, totals: totals(scores), scores, red: redCount });
  }
  return out;
}
