import { readFileSync } from 'node:fs';
import { analyzeDocument } from '../index';
import { AnalysisError } from '../errors';
import type { AnalysisResult, ExtractedValue } from '../types';
import { secondReaderSaw } from '../verify/agree';
import { numberRead } from '../verify/agree';
import { loadFixtures, type Fixture } from './fixtures';
import { PHONE_PHOTOS, photoLines, photoSources } from './phone-photos';
import { linesToImage } from './render';
import { scoreFile, totals, type GroupTotals } from './score';

/**
 * One reader against two (decision 200), on photos: the phone-photo degradations generated from
 * the corpus (curl and shadow, stamp and pen, WhatsApp recompression, colons, red print, low
 * resolution) at a seed, and the corpus' own images. Each photo is analysed once, with the second
 * reader on; what the first reader alone would have shown is the same analysis with the second
 * reader's "check it" taken back (it changes nothing else of a value), and what the second
 * reader saw is in its note, or is the value shown where it agreed.
 */
export interface ReaderLine {
  id: string;
  docs: number;
  /** The first reader alone (tesseract): recall, values right, WRONG SHOWN, check it. */
  one: GroupTotals;
  /** Both readers: a value shown as read only when they agree. */
  pair: GroupTotals;
  /** The second reader on the crops of the values the first showed as read: right, wrong. */
  second: { right: number; wrong: number };
  /** Analysis time per photo (both readers), ms. */
  ms: number[];
  /** The pair's values shown wrong, and where the readers disagreed (for --verbose). */
  problems: string[];
}

/**
 * The analysis as the first reader alone would have shown it: the second reader's "check it"
 * taken back, the rows whose name it read (decision 252) dropped, and a value it chose as the
 * only reading that fits given back the first reader's number (its flag is left as the chosen
 * one's: an approximation; the base commit's one-reader column is the exact one).
 */
export function firstReaderOnly(result: AnalysisResult): AnalysisResult {
  return {
    ...result,
    values: result.values.flatMap((v) => {
      if (v.reading_note && NAME_NOTE.test(v.reading_note)) return [];
      const chose = v.reading_note ? CHOSE_NOTE.exec(v.reading_note) : null;
      if (chose && !v.uncertain && chose[3] === 'second') return [{ ...v, value: Number(chose[2]) }];
      if (!v.uncertain || !secondReaderSaw(v.reading_note)) return [v];
      const earlier = v.reading_note!.slice(
        0,
        v.reading_note!.indexOf(secondReaderSaw(v.reading_note)!.note),
      );
      const out: ExtractedValue = { ...v, uncertain: false };
      delete out.value_confidence;
      if (earlier.trim()) out.reading_note = earlier.trim();
      else delete out.reading_note;
      return [out];
    }),
  };
}

const NAME_NOTE = /^The test's name was read as '/;
/** A second reading chosen over the first's number (agree.ts onlyFittingReading). */
const CHOSE_NOTE =
  /only (\S+) fits the printed range and mark, the other results and the test's limits \((\S+) does not\), so the (first|second) reading/;

function secondReaderScore(fx: Fixture, result: AnalysisResult | null): { right: number; wrong: number } {
  const out = { right: 0, wrong: 0 };
  for (const v of result?.values ?? []) {
    if (typeof v.value !== 'number') continue;
    const test = fx.truth.tests.find((t) => t.canonical === v.canonical_id);
    const printed = test ? Number(test.value) : NaN;
    if (!Number.isFinite(printed)) continue;
    const saw = secondReaderSaw(v.reading_note);
    // Shown as read: the second reader agreed with it.
    const read = v.uncertain
      ? saw?.what === 'value'
        ? numberRead(saw.second ?? '')?.value
        : saw
          ? v.value
          : undefined
      : v.value;
    if (v.uncertain && !saw) continue; // "check it" before the second reader was asked
    if (read !== undefined && Math.abs(read - printed) <= 1e-9 * Math.max(1, Math.abs(printed))) out.right++;
    else out.wrong++;
  }
  return out;
}

async function analyse(
  bytes: Buffer,
  filename: string,
): Promise<{ result: AnalysisResult | null; error: string | null; ms: number }> {
  const t0 = performance.now();
  try {
    // A generous bound: on a loaded shared machine a photo's time says nothing of its reading (the
    // times are reported; the bench measures them).
    const result = await analyzeDocument({ bytes, filename, language: 'en' }, { extractTimeoutMs: 600_000 });
    return { result, error: null, ms: performance.now() - t0 };
  } catch (err) {
    return {
      result: null,
      error: err instanceof AnalysisError ? err.message : String(err),
      ms: performance.now() - t0,
    };
  }
}

export async function runPhotoReaders(
  options: { dir?: string; sources?: number; seed?: number; only?: string[] } = {},
): Promise<ReaderLine[]> {
  const fixtures = loadFixtures(options.dir);
  const lines: ReaderLine[] = [];
  const cases: Array<{
    id: string;
    photos: () => AsyncGenerator<{ fx: Fixture; bytes: Buffer; name: string }>;
  }> = [
    ...PHONE_PHOTOS.map((c) => ({
      id: c.id,
      photos: async function* () {
        for (const src of photoSources(fixtures, options.sources ?? 3)) {
          const { lines: text, red } = photoLines(src, c.style);
          const bytes = await linesToImage(text, c.effect, {
            degrade: c.degrade,
            seed: options.seed,
            red: (line, column) => red.has(`${line}:${column}`),
          });
          const name = c.effect === 'clean' ? 'r.png' : 'r.jpg';
          yield {
            fx: {
              ...src,
              rel: `${c.id} <- ${src.file}`,
              truth: { ...src.truth, format: name === 'r.png' ? ('png' as const) : ('jpg' as const) },
            },
            bytes,
            name,
          };
        }
      },
    })),
    {
      id: "the corpus' images",
      photos: async function* () {
        for (const fx of fixtures.filter((f) => f.truth.format === 'png' || f.truth.format === 'jpg'))
          yield { fx, bytes: readFileSync(fx.path), name: fx.file };
      },
    },
  ];
  // Some degradations only (--only colon,stamp): the corpus' images are then left out.
  const picked = options.only?.length
    ? cases.filter((c) => options.only!.some((o) => c.id.includes(o)))
    : cases;
  for (const c of picked) {
    const one = [];
    const pair = [];
    const second = { right: 0, wrong: 0 };
    const ms: number[] = [];
    const problems: string[] = [];
    for await (const p of c.photos()) {
      const run = await analyse(p.bytes, p.name);
      pair.push(scoreFile(p.fx, run.result, run.error, run.ms));
      one.push(scoreFile(p.fx, run.result && firstReaderOnly(run.result), run.error, run.ms));
      const s = secondReaderScore(p.fx, run.result);
      second.right += s.right;
      second.wrong += s.wrong;
      ms.push(run.ms);
      const scored = pair[pair.length - 1];
      problems.push(
        ...scored.problems
          .filter(
            (x) => x.startsWith('SHOWN WRONG') || x.includes('second reader') || x.startsWith('missing'),
          )
          .map((x) => `${p.fx.rel}: ${x}`),
      );
    }
    lines.push({ id: c.id, docs: pair.length, one: totals(one), pair: totals(pair), second, ms, problems });
  }
  return lines;
}
