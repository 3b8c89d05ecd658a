import { Worker } from 'node:worker_threads';
import { analysisConfig } from '../config';
import { AnalysisError } from '../errors';
import type { AnalysisResult, AnalysisStage, Language } from '../types';
import type { ExtractedText } from '../extract/index';
import type { ExtractReply, ExtractRequest, ThreadOutput } from './thread';
import { nativeWorkBuffer, nativeWorkDone } from '../extract/native-work';

/**
 * Text extraction (PDF text layer, page rendering, OCR) runs in a worker thread with a hard time
 * bound. pdf.js parses on the thread that calls it, so on the main thread a pathological PDF (a
 * content stream that inflates to millions of operators, thousands of pages) blocks the event
 * loop and no timer can fire to stop it; in a thread, the parent's timer still runs and
 * terminating the thread is the one way to stop it (and the OCR workers it started).
 *
 * Threads are few and reused (config.ts extractWorkers, 1-2): one file at a time each, others wait their
 * turn, so memory stays what one extraction needs; a thread is replaced only after it was
 * terminated (time bound, cancellation) or died (out of memory, crash). The product's analysis
 * (analyzeDocument) and the extraction fuzz both come through here. The product's analysis of the
 * text runs in the same thread under the same bound (analyzeBounded): its cost grows with the text.
 */
/** Default bound; the product passes EXTRACT_TIMEOUT_SECONDS (env.ts). */
export const EXTRACT_TIMEOUT_MS = 90_000;
/** Starting a thread (tsx, pdf.js) takes 1-3 s; under heavy load more, but never this long. */
const START_TIMEOUT_MS = 60_000;
const BOOT = new URL('./thread-boot.mjs', import.meta.url);

interface Job {
  id: number;
  onStage?: (stage: AnalysisStage) => void;
  resolve: (out: ThreadOutput) => void;
  reject: (err: unknown) => void;
}
interface Slot {
  thread: Promise<Worker> | null;
  /** The live thread; one that was terminated on purpose is no longer it, and its exit is ignored. */
  current: Worker | null;
  busy: boolean;
  job: Job | null;
}
const slots: Slot[] = [];
/** Each thread's count of native runs in flight (native-work.ts). */
const natives = new WeakMap<Worker, SharedArrayBuffer>();

/**
 * A thread stopped mid-file is terminated once no native run (ONNX Runtime) is in flight on it:
 * terminated during one, onnxruntime-node aborts the whole process (native-work.ts).
 */
async function terminateSafely(worker: Worker): Promise<void> {
  const native = natives.get(worker);
  if (native) await nativeWorkDone(native);
  await worker.terminate();
}
const waiting: Array<(slot: Slot) => void> = [];
let nextId = 0;

const cancelled = () => new AnalysisError('The analysis was cancelled', { code: 'aborted', transient: true });

function start(slot: Slot): Promise<Worker> {
  return new Promise<Worker>((resolve, reject) => {
    const native = nativeWorkBuffer();
    const worker = new Worker(BOOT, {
      // The host's settings go with the thread (config.ts); its V8 heap is bounded so that a file
      // needing more ends as a refusal, not as the whole process's OOM.
      workerData: { config: analysisConfig(), native },
      resourceLimits: { maxOldGenerationSizeMb: analysisConfig().extractHeapMb },
    });
    slot.current = worker;
    natives.set(worker, native);
    let ready = false;
    const startTimer = setTimeout(() => {
      slot.current = null;
      void worker.terminate();
      reject(
        new AnalysisError('The file reader could not start', { code: 'extract_start', transient: true }),
      );
    }, START_TIMEOUT_MS);
    const gone = (err: unknown) => {
      if (slot.current !== worker) return;
      slot.current = null;
      slot.thread = null;
      const job = slot.job;
      slot.job = null;
      if (!ready) {
        clearTimeout(startTimer);
        reject(
          new AnalysisError('The file reader could not start', {
            code: 'extract_start',
            transient: true,
            cause: err,
          }),
        );
      }
      job?.reject(err);
    };
    worker.on('message', (msg: ExtractReply | { ready: true }) => {
      if ('ready' in msg) {
        ready = true;
        clearTimeout(startTimer);
        worker.unref();
        resolve(worker);
        return;
      }
      const job = slot.job;
      if (slot.current !== worker || !job || job.id !== msg.id) return;
      if ('stage' in msg) {
        job.onStage?.(msg.stage);
        return;
      }
      slot.job = null;
      if ('ok' in msg) job.resolve(msg.ok);
      else if (msg.error.analysis)
        job.reject(
          new AnalysisError(msg.error.message, {
            code: msg.error.code ?? 'extract_failed',
            transient: msg.error.transient,
          }),
        );
      // Not an AnalysisError: a bug in extraction, passed on as such (the fuzz counts it a crash).
      else job.reject(Object.assign(new Error(msg.error.message), { name: msg.error.name }));
    });
    worker.on('error', (err: Error & { code?: string }) =>
      gone(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AnalysisError('The file needs more memory to read than a report may use', {
              code: 'extract_memory',
              cause: err,
            })
          : err,
      ),
    );
    worker.on('exit', (code) => gone(new Error(`the extraction thread exited with code ${code}`)));
  });
}

function acquire(signal?: AbortSignal): Promise<Slot> {
  const free = slots.find((s) => !s.busy);
  if (free) {
    free.busy = true;
    return Promise.resolve(free);
  }
  if (slots.length < analysisConfig().extractWorkers) {
    const slot: Slot = { thread: null, current: null, busy: true, job: null };
    slots.push(slot);
    return Promise.resolve(slot);
  }
  return new Promise((resolve, reject) => {
    const take = (slot: Slot) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(slot);
    };
    const onAbort = () => {
      const i = waiting.indexOf(take);
      if (i >= 0) waiting.splice(i, 1);
      reject(cancelled());
    };
    waiting.push(take);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function release(slot: Slot): void {
  const next = waiting.shift();
  if (next) next(slot);
  else slot.busy = false;
}

export interface BoundedOptions {
  /** The caller's limit (the analysis job's): aborting ends the extraction at once. */
  signal?: AbortSignal;
  /** Hard bound on the extraction itself, from the moment a thread takes the file. */
  timeoutMs?: number;
  /** A photo cleaned up before OCR or not (extract/photo-fix.ts); unset, the image decides. */
  photoFix?: boolean;
  /** Told each step of the text's analysis as the thread passes it (decision 246). */
  onStage?: (stage: AnalysisStage) => void;
}

export async function extractTextBounded(
  bytes: Buffer,
  options: BoundedOptions = {},
): Promise<ExtractedText> {
  return (await runBounded(bytes, options)).text;
}

/** Reads the file and analyses its text in the thread, both under the one bound. */
export async function analyzeBounded(
  bytes: Buffer,
  options: BoundedOptions & { language: Language },
): Promise<{ extracted: ExtractedText; result: AnalysisResult }> {
  const out = await runBounded(bytes, options);
  if (!out.result) throw new Error('the extraction thread answered without an analysis');
  return { extracted: out.text, result: out.result };
}

async function runBounded(
  bytes: Buffer,
  options: BoundedOptions & { language?: Language },
): Promise<ThreadOutput> {
  const { signal } = options;
  const timeoutMs = options.timeoutMs ?? EXTRACT_TIMEOUT_MS;
  if (signal?.aborted) throw cancelled();
  const slot = await acquire(signal);
  try {
    if (!slot.thread) {
      slot.thread = start(slot);
      slot.thread.catch(() => undefined);
    }
    let worker: Worker;
    try {
      worker = await slot.thread;
    } catch (err) {
      slot.thread = null;
      slot.current = null;
      throw err;
    }
    if (signal?.aborted) throw cancelled();
    worker.ref();
    try {
      return await new Promise<ThreadOutput>((resolve, reject) => {
        const id = ++nextId;
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', stop);
        };
        // Past the bound (or on cancellation) the thread is terminated: the only way to stop
        // pdf.js mid-parse. The next file gets a new thread.
        function stop(err?: unknown) {
          done();
          slot.job = null;
          slot.thread = null;
          slot.current = null;
          void terminateSafely(worker);
          reject(err instanceof AnalysisError ? err : cancelled());
        }
        const timer = setTimeout(
          () =>
            stop(
              new AnalysisError(
                `Reading the file took longer than ${Math.round(timeoutMs / 1000)} seconds and was stopped; the file may be damaged or far larger than a report`,
                { code: 'extract_timeout' },
              ),
            ),
          timeoutMs,
        );
        signal?.addEventListener('abort', stop, { once: true });
        slot.job = {
          id,
          onStage: options.onStage,
          resolve: (out) => {
            done();
            resolve(out);
          },
          reject: (err) => {
            done();
            reject(err);
          },
        };
        // A copy of the bytes whose buffer moves to the thread (a Buffer may share a pool).
        const copy = new Uint8Array(bytes);
        const request: ExtractRequest = {
          id,
          bytes: copy,
          photoFix: options.photoFix,
          language: options.language,
        };
        worker.postMessage(request, [copy.buffer]);
      });
    } finally {
      worker.unref();
    }
  } finally {
    release(slot);
  }
}

/** Terminates the extraction threads (server shutdown, end of a CLI run or test file). */
export async function shutdownExtraction(): Promise<void> {
  const threads = slots.map((s) => s.thread);
  for (const s of slots) {
    s.thread = null;
    s.current = null;
    s.job = null;
  }
  await Promise.all(threads.map((t) => t?.then((w) => terminateSafely(w)).catch(() => undefined)));
  slots.length = 0;
}
