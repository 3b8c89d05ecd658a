import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { analysisConfig, configureAnalysis, type AnalysisConfig } from '../config';
import { analyzeLines, type EngineOptions } from '../engine';
import { AnalysisError } from '../errors';
import type { AnalysisResult, AnalysisStage, Language } from '../types';
import { capLines } from '../extract/caps';
import { extractText, type ExtractedText } from '../extract/index';
import { renewOcrWorkers } from '../extract/ocr';
import { analyseWithTwoReaders } from '../verify/photo-pass';
import { countNativeWorkIn } from '../extract/native-work';

/**
 * The extraction worker thread (see bounded.ts): one file at a time, answered with the text (and,
 * when a language is asked, the engine's analysis of it) or with the error as plain data
 * (AnalysisError's code and reason survive the thread boundary). The analysis runs here too, not
 * on the main thread: its cost grows with the lines of text, and a 10 MB text file of short lines
 * kept the API's event loop busy for most of a minute.
 * The thread has no time limit of its own: the parent terminates it when its bound passes,
 * which also ends the OCR workers it started.
 */
export interface ExtractRequest {
  id: number;
  bytes: Uint8Array;
  photoFix?: boolean;
  /** Analyse the text too, in this language. */
  language?: Language;
}
export interface ThreadOutput {
  text: ExtractedText;
  result?: AnalysisResult;
}
export type ExtractReply =
  | { id: number; ok: ThreadOutput }
  /** The engine's step (decision 246), sent as it passes it; the answer follows later. */
  | { id: number; stage: AnalysisStage }
  | {
      id: number;
      error: { analysis: boolean; name: string; message: string; code?: string; transient?: boolean };
    };

const port = parentPort;
// The host's settings (config.ts), sent with the thread's start (run/bounded.ts).
const hostConfig = (workerData as { config?: AnalysisConfig } | null)?.config;
// The parent terminates this thread only when no native run is in flight (native-work.ts).
countNativeWorkIn((workerData as { native?: SharedArrayBuffer } | null)?.native);
if (hostConfig) configureAnalysis(hostConfig);
if (!port) throw new Error('run/thread.ts runs only as a worker thread');

// pdf.js leaves internal promises rejected that nobody awaits when a file is damaged (a
// FormatError 'Illegal character' while it keeps reading the rest). Node's default would end the
// thread with an error, failing a file whose own outcome (text, or a refusal) is still on its way
// through the awaited path — or, if that path stalls, through the parent's time bound. So such
// stray rejections are dropped here; every error of ours is awaited and answered below.
process.on('unhandledRejection', () => undefined);

// An image's buffers (decoded pixels, the photo clean-up's copies, the PNG for OCR: 5-25 MB) are
// garbage once its text is sent, but V8 frees them only at its next full collection, so they
// were still held while the next image (a weak photo's second reading, the other analysis'
// file) was decoded: about 15 MB more peak RSS (decision 049). A thread that read an image
// collects at once; a text file or a text PDF costs too little to be worth the pause.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function analyse(text: ExtractedText, language: Language, options?: EngineOptions): AnalysisResult {
  const capped = capLines(text);
  try {
    return analyzeLines(capped, language, options);
  } catch (err) {
    throw new AnalysisError('The report could not be analysed', { code: 'analysis_failed', cause: err });
  }
}

/** A photo's analysis with both readers (verify/photo-pass.ts). */
function analysePhoto(
  text: ExtractedText,
  language: Language,
  onStage: (stage: AnalysisStage) => void,
): Promise<AnalysisResult> {
  return analyseWithTwoReaders(text, language, {
    analyse,
    onStage,
    secondReader: analysisConfig().photoSecondReader,
  });
}

port.on('message', async (req: ExtractRequest) => {
  let reply: ExtractReply;
  try {
    const bytes = Buffer.from(req.bytes.buffer, req.bytes.byteOffset, req.bytes.byteLength);
    const text = await extractText(bytes, undefined, { photoFix: req.photoFix });
    // Each step as the engine passes it; the parent passes them on (run/bounded.ts).
    const onStage = (stage: AnalysisStage) => port.postMessage({ id: req.id, stage } satisfies ExtractReply);
    const result = req.language
      ? text.photo
        ? await analysePhoto(text, req.language, onStage)
        : analyse(text, req.language, { onStage })
      : undefined;
    // The image and its word boxes stay in this thread.
    delete text.photo;
    reply = { id: req.id, ok: { text, result } };
  } catch (err) {
    const e = err as Error;
    reply = {
      id: req.id,
      error:
        err instanceof AnalysisError
          ? { analysis: true, name: e.name, message: e.message, code: err.code, transient: err.transient }
          : { analysis: false, name: e?.name ?? 'Error', message: String(e?.message ?? err) },
    };
  }
  port.postMessage(reply);
  if ('error' in reply || reply.ok.text.source === 'ocr' || reply.ok.text.source === 'pdf_ocr') {
    renewOcrWorkers();
    collect();
  }
});
// The parent starts its time bound only now: loading pdf.js and the rest is not the file's fault.
port.postMessage({ ready: true });
