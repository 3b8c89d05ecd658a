import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { placedTokens, type Token } from '../parse/tokens';
import { CELL_GAP, withRuledCellsJoined, withRulesRead } from './table-rules';
import { analysisConfig } from '../config';
import { AnalysisError } from '../errors';
import { inkColour, inkedOver, type InkMap } from './ink';

/**
 * Offline OCR with tesseract.js. Traineddata comes from the @tesseract.js-data npm package (never
 * a CDN); workers are created lazily, reused across calls and capped (OCR_WORKERS, 1-2) so that
 * memory stays bounded however many analyses run; a recognition that runs past its time limit
 * has its worker terminated (the only way to stop tesseract) and replaced on the next call.
 */
export interface OcrLine {
  text: string;
  confidence: number;
}

export interface OcrResult {
  lines: string[];
  /** Each line's cells placed by their word boxes, in the page's character widths. */
  tokens: Token[][];
  /** Mean word confidence, 0..1. */
  confidence: number;
  words: number;
  /** Per line, the words printed in red ink (extract/ink.ts); absent when colour was not kept. */
  redWords?: string[][];
  /** Per line, the words a stroke of coloured ink crosses or touches (a pen, a stamp). */
  inkedWords?: string[][];
  /** Per line, its words' boxes on the image OCR read: where a second reader looks (second-reader/). */
  boxes: WordBox[][];
}

/** A word as read, and its box on the image OCR read (levelled by tesseract when it was tilted). */
export interface WordBox {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const require = createRequire(import.meta.url);

/**
 * The OCR languages (config.ts ocrLangs): 'eng' (default) or 'eng+hin' for reports printed partly in Hindi. tesseract.js wants
 * every language's traineddata in one folder, so for several languages the npm packages' files
 * are copied into one folder under the OS temp directory.
 */

function dataDir(lang: string): string {
  return path.join(
    path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)),
    '4.0.0_best_int',
  );
}

function langPath(): string {
  const langs = analysisConfig().ocrLangs;
  if (langs.length === 1) return dataDir(langs[0]);
  const dir = path.join(os.tmpdir(), `reportsaathi-ocr-${langs.join('-')}`);
  mkdirSync(dir, { recursive: true });
  for (const lang of langs) {
    const target = path.join(dir, `${lang}.traineddata.gz`);
    if (existsSync(target)) continue;
    // Copy then rename, so a process starting at the same time never reads half a file.
    const partial = `${target}.${process.pid}.part`;
    copyFileSync(path.join(dataDir(lang), `${lang}.traineddata.gz`), partial);
    renameSync(partial, target);
  }
  return dir;
}

interface Slot {
  worker: Promise<Worker> | null;
  busy: boolean;
}
const slots: Slot[] = [];
const waiting: Array<(slot: Slot) => void> = [];

async function newWorker(): Promise<Worker> {
  const worker = await createWorker(analysisConfig().ocrLangs, OEM.LSTM_ONLY, {
    langPath: langPath(),
    gzip: true,
    cacheMethod: 'none',
  });
  // PSM 6: one uniform block, so a table row comes back as one line across all its columns.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1' });
  return worker;
}

function acquire(): Promise<Slot> {
  const free = slots.find((s) => !s.busy);
  if (free) {
    free.busy = true;
    return Promise.resolve(free);
  }
  if (slots.length < analysisConfig().ocrWorkers) {
    const slot: Slot = { worker: null, busy: true };
    slots.push(slot);
    return Promise.resolve(slot);
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(slot: Slot): void {
  const next = waiting.shift();
  if (next) next(slot);
  else slot.busy = false;
}

async function discard(slot: Slot): Promise<void> {
  const worker = slot.worker;
  slot.worker = null;
  if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
}

interface TessWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TessLine {
  words: TessWord[];
}

/** The page's character width: the median of its words'. */
function charWidth(lines: TessWord[][]): number {
  const widths = lines
    .flat()
    .filter((w) => w.text.trim().length > 0)
    .map((w) => (w.bbox.x1 - w.bbox.x0) / w.text.trim().length)
    .sort((a, b) => a - b);
  return widths[Math.floor(widths.length / 2)] || 10;
}

/**
 * The lines' cells at their places across the page: one character width for the whole page
 * (the median of its words'), so a column's cells line up from line to line as printed.
 */
function wordTokens(lines: TessWord[][]): Token[][] {
  const cw = charWidth(lines);
  return lines.map((words) =>
    placedTokens(
      words.map((w) => ({ text: w.text, left: w.bbox.x0, right: w.bbox.x1 })),
      cw,
      CELL_GAP,
    ),
  );
}

/**
 * A speck before a line's first word: a symbol or a lone letter OCR was unsure of ('{', '©', '£',
 * 'i'), set apart from the next word by a gap: the shadow at a curled page's edge, dust, a punch
 * hole. Dropped, so that the test's name starts the line ('{ COLOR' read as 'COLOR'). A table's
 * rule ('|') and anything with a digit stay.
 */
export function withoutLeadingSpeck<W extends Pick<TessWord, 'text' | 'confidence' | 'bbox'>>(
  words: W[],
): W[] {
  const real = words.filter((w) => w.text.trim().length > 0);
  if (real.length < 2) return words;
  const [first, next] = real;
  const t = first.text.trim();
  if (t.length > 2 || /[\d|]/.test(t)) return words;
  if (/[A-Za-z]/.test(t) && first.confidence >= SPECK_CONFIDENCE) return words;
  const height = first.bbox.y1 - first.bbox.y0 || 1;
  if (next.bbox.x0 - first.bbox.x1 < height * 0.6) return words;
  return words.filter((w) => w !== first);
}

/**
 * Dotted or dashed leaders between a test's name and its result ('COLOR ........ Pale Yellow') as OCR reads
 * them: a run of dots, or of the small round letters dots blur into ('ccevvieees', '.ccoovicaee'),
 * sometimes glued to the name's end ('Phrieiiieene' for 'Ph' and its dots). Such a word is
 * dropped and such an end cut off, so the name is the test's. A run of letters counts only when it
 * is long, made of those letters alone and doubles several of them: no word of a report does.
 */
export function withoutLeaderDots<W extends Pick<TessWord, 'text'>>(words: W[]): W[] {
  const out: W[] = [];
  for (const w of words) {
    const t = w.text.trim();
    if (/^[.,:;·•'`_-]*$/.test(t) && (t.match(/[.·•]/g)?.length ?? 0) >= 3) continue;
    // Dashed leaders ('COLOUR -------- PALE YELLOW') as OCR reads them: dashes mixed with '=' and
    // '+', or trailing off into the same small letters ('-=eeeemcmcmccanes', '--+=-==esseanes').
    // A plain run of dashes stays: it is how a lab prints 'not done'.
    const dashes = t.match(/[-=~_—–]/g)?.length ?? 0;
    if (/^[-=+~_—–.]{2,}[-=+~_—–.a-z]*$/.test(t) && dashes >= 2 && /[=+a-z]/.test(t)) continue;
    const noise = /[.·•]*[ceoivarns.·•]{6,}$/.exec(t);
    const run = noise?.[0].replace(/[.·•]/g, '') ?? '';
    const doubles = run.match(/(.)\1/g)?.length ?? 0;
    // After dots, two doubled letters; glued to a word, three, or a letter tripled.
    const leader =
      !!noise && doubles >= 2 && (noise[0].startsWith('.') || doubles >= 3 || /(.)\1\1/.test(run));
    if (!leader) {
      out.push(w);
      continue;
    }
    const rest = t.slice(0, noise.index).replace(/[.·•\s]+$/, '');
    if (rest) out.push({ ...w, text: rest });
  }
  return out;
}

/**
 * A word of marks no report prints on their own ('~~', '`', '^'): what OCR makes of a smudge or of
 * the gap between two header words on a photo. Left in a header, it is a column with no name
 * that splits the table ('Result ~~ Unit' lost the right-hand table of a side-by-side pair).
 */
export function isStrayMark(text: string): boolean {
  return /^[~`^¬]+$/.test(text.trim());
}

/** Below this OCR confidence (0-100) a lone letter before a line's first word is taken for a speck. */
const SPECK_CONFIDENCE = 60;

/** Rebuilds a line with column gaps: a gap wider than ~1.5 characters becomes 2+ spaces. */
function lineText(line: TessWord[]): string {
  const words = line.filter((w) => w.text.trim().length > 0);
  if (words.length === 0) return '';
  const charWidths = words.map((w) => (w.bbox.x1 - w.bbox.x0) / Math.max(1, w.text.length));
  const cw = [...charWidths].sort((a, b) => a - b)[Math.floor(charWidths.length / 2)] || 10;
  let text = '';
  let lastEnd = words[0].bbox.x0;
  text = ' '.repeat(Math.min(60, Math.round(words[0].bbox.x0 / cw / 2)));
  for (const w of words) {
    const gap = w.bbox.x0 - lastEnd;
    if (text.trim().length > 0)
      text += gap > cw * CELL_GAP ? ' '.repeat(Math.max(2, Math.round(gap / cw))) : ' ';
    text += w.text;
    lastEnd = w.bbox.x1;
  }
  return text.replace(/\s+$/, '');
}

/** `angle`: the page's tilt in degrees (extract/image.ts), levelled by tesseract as it reads. */
export async function recognize(
  image: Buffer,
  signal?: AbortSignal,
  angle = 0,
  ink: InkMap | null = null,
): Promise<OcrResult> {
  const slot = await acquire();
  let timer: NodeJS.Timeout | undefined;
  let abortListener = () => undefined as void;
  try {
    if (!slot.worker) slot.worker = newWorker();
    const worker = await slot.worker.catch((err: unknown) => {
      slot.worker = null;
      throw new AnalysisError('The text reader could not start', {
        code: 'ocr_start',
        transient: true,
        cause: err,
      });
    });
    // The tilt was measured on a small copy (extract/image.ts), not by tesseract's rotateAuto;
    // tesseract's angle runs the other way (radians, positive counter-clockwise).
    const rotateRadians = (-angle * Math.PI) / 180;
    const job = worker.recognize(image, { rotateRadians }, { blocks: true, text: true });
    // If the time limit wins, the job is rejected later when its worker is terminated.
    job.catch(() => undefined);
    const limit = new Promise<never>((_, reject) => {
      abortListener = () =>
        reject(new AnalysisError('The analysis was cancelled', { code: 'aborted', transient: true }));
      timer = setTimeout(
        () =>
          reject(
            new AnalysisError('Reading the image took too long', { code: 'ocr_timeout', transient: true }),
          ),
        analysisConfig().ocrTimeoutMs,
      );
      if (signal?.aborted) abortListener();
      else signal?.addEventListener('abort', abortListener, { once: true });
    });
    limit.catch(() => undefined);
    let result;
    try {
      result = await Promise.race([job, limit]);
    } catch (err) {
      // The worker is still chewing on the image: kill it so it cannot hold memory or CPU.
      await discard(slot);
      throw err;
    }
    const lines: string[] = [];
    const placed: TessWord[][] = [];
    const redWords: string[][] = [];
    const inkedWords: string[][] = [];
    let confSum = 0;
    const read = (result.data.blocks ?? []).flatMap((block) =>
      block.paragraphs.flatMap((para) =>
        (para.lines as TessLine[]).map((l) =>
          withoutLeaderDots(withoutLeadingSpeck(l.words)).filter((w) => !isStrayMark(w.text)),
        ),
      ),
    );
    // A boxed table's rules read as letters or digits are put back first, then a cell OCR split
    // between two rules is joined (table-rules.ts).
    let count = 0;
    const cw = charWidth(read);
    for (const line of withRuledCellsJoined(withRulesRead(read, cw), cw)) {
      lines.push(lineText(line));
      placed.push(line);
      if (ink) {
        redWords.push(
          line.filter((w) => w.text.trim() && inkColour(ink, w.bbox) === 'red').map((w) => w.text),
        );
        inkedWords.push(line.filter((w) => w.text.trim() && inkedOver(ink, w.bbox)).map((w) => w.text));
      }
      for (const w of line) {
        if (w.text.trim()) {
          confSum += w.confidence;
          count++;
        }
      }
    }
    return {
      lines,
      tokens: wordTokens(placed),
      boxes: placed.map((line) =>
        line.filter((w) => w.text.trim()).map((w) => ({ text: w.text, ...w.bbox })),
      ),
      confidence: count ? confSum / count / 100 : 0,
      words: count,
      ...(ink ? { redWords, inkedWords } : {}),
    };
  } finally {
    if (timer) clearTimeout(timer);
    signal?.removeEventListener('abort', abortListener);
    release(slot);
  }
}

/**
 * Tesseract's WebAssembly memory grows to the largest image it has read and never shrinks, so a
 * worker kept for the next file held that high-water mark while the next file was decoded: over
 * eight photos in a row the process's RSS crept from ~330 to ~410 MB and stayed there (decision
 * 049). After a file read by OCR (run/thread.ts), each idle worker is replaced by a fresh one,
 * started at once in the background: ~200 ms of CPU, off the next file's path unless it comes
 * sooner than that.
 */
export function renewOcrWorkers(): void {
  for (const slot of slots) {
    if (slot.busy || !slot.worker) continue;
    const old = slot.worker;
    const fresh = newWorker();
    // A failed start is answered to the recognition that awaits this worker (as 'ocr_start').
    fresh.catch(() => undefined);
    slot.worker = fresh;
    void old.then((w) => w.terminate()).catch(() => undefined);
  }
}

/** Terminates every OCR worker (server shutdown, end of CLI run). */
export async function shutdownOcr(): Promise<void> {
  await Promise.all(slots.map((s) => discard(s)));
  slots.length = 0;
}
