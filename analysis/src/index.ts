import { answerLocally, type ChatReport } from './chat/answer';
import type { Intent } from './chat/intent';
import type { SafetyVerdict } from './chat/safety';
import { AnalysisError } from './errors';
import { fmtNumber } from './parse/numbers';
import { analyzeBounded, shutdownExtraction } from './run/bounded';
import type { ExtractedText } from './extract/index';
import { detectFileKind } from './extract/sniff';
import { shutdownOcr } from './extract/ocr';
import { providerUsable, type ProviderConfig } from './providers/config';
import { rewriteWording } from './providers/rewrite';
import { rewriteChat } from './providers/chat';
import type { AnalysisResult, AnalysisStage, AnalyzeInput, ExtractedValue, Language } from './types';
import { secondReadingBetter, secondReadingEnabled, weakPhotoReading } from './photo-reading';
import { ANALYSIS_VERSION } from './version';

export { AnalysisError, isAnalysisError } from './errors';
export { detectFileKind, type FileKind } from './extract/sniff';
export { ANALYSIS_VERSION } from './version';
// An existing analysis worded again in the other language from what it stored (decision 241).
export { explainAgain, type StoredReading } from './explain/again';
export {
  autoFlagReason,
  classifySafety,
  parseAutoFlagReason,
  type SafetyKind,
  type SafetySeverity,
  type SafetyVerdict,
} from './chat/safety';
export { providerConfigFromEnv, type ProviderConfig, type ProviderName } from './providers/config';
export { analysisConfig, analysisConfigFromEnv, configureAnalysis, type AnalysisConfig } from './config';
// What the API's features take from the knowledge base (trends, FHIR, share links).
export { getAnalyte, loincForUnit, normalizeUnit, toBaseUnit } from './knowledge';
// A value the patient typed from the printed report, judged and explained again (decision 243).
export { judgeEnteredValue, parseEnteredValue, type EnteredNumber } from './interpret/entered-value';
export type {
  AnalysisResult,
  AnalysisStage,
  Analyte,
  AnalyzeInput,
  ExtractedValue,
  Language,
  PatientInfo,
  UnreadValue,
} from './types';

export const LOCAL_MODEL_VERSION = `reportsaathi-local-${ANALYSIS_VERSION}`;

export interface AnalyzeOptions {
  provider?: ProviderConfig;
  signal?: AbortSignal;
  /** Bound on reading the file (run/bounded.ts); EXTRACT_TIMEOUT_MS by default. */
  extractTimeoutMs?: number;
  /**
   * Told when the analysis reaches its next step (decision 246), each step once and in order:
   * 'reading' the file, 'finding' the results in its text, 'checking' them, 'explaining'. A step
   * is not told again (a weak photo read a second time stays 'checking'); a throwing callback is
   * ignored, never the analysis's failure.
   */
  onStage?: (stage: AnalysisStage) => void;
}

const STAGE_ORDER: readonly AnalysisStage[] = ['reading', 'finding', 'checking', 'explaining'];

/** The caller's callback told only of steps past the last one told. */
function stageReporter(onStage: AnalyzeOptions['onStage']): (stage: AnalysisStage) => void {
  let last = -1;
  return (stage) => {
    const at = STAGE_ORDER.indexOf(stage);
    if (!onStage || at <= last) return;
    last = at;
    try {
      onStage(stage);
    } catch {
      // Progress is for the page; the analysis goes on without it.
    }
  };
}

/**
 * Analyses one uploaded document. Throws AnalysisError with a plain reason for bad input
 * (empty, not a PDF, password-protected, unreadable image); `transient` marks retryable ones.
 * With a gemini/openai provider the wording may be rewritten; values and flags never change.
 */
export async function analyzeDocument(
  input: AnalyzeInput,
  options: AnalyzeOptions = {},
): Promise<AnalysisResult> {
  const language: Language = input.language === 'hi' ? 'hi' : 'en';
  refuseMismatchedName(input.bytes, input.filename);
  const stage = stageReporter(options.onStage);
  stage('reading');
  // The thread's steps up to 'checking' are passed on as they come; 'explaining' is told below,
  // once no second reading of a weak photo can follow (the wording is then all that is left).
  const inThread = (s: AnalysisStage) => {
    if (s !== 'explaining') stage(s);
  };
  const photoCleanup = secondReadingEnabled();
  // A photo is read as taken, or cleaned up first when its page is under a shadow (extract/image.ts).
  let { extracted, result } = await extractAndAnalyse(
    input.bytes,
    language,
    options,
    photoCleanup ? undefined : false,
    inThread,
  );
  // A weak photo reading is read again the other way; the better reading is kept (photo-reading.ts).
  if (photoCleanup && weakPhotoReading(extracted, result)) {
    // The first reading stands if the second fails (its time bound, a damaged clean-up); a
    // cancellation still ends the analysis.
    const again = await extractAndAnalyse(
      input.bytes,
      language,
      options,
      !extracted.photoFixed,
      inThread,
    ).catch((err: unknown) => {
      if (options.signal?.aborted) throw err;
      return null;
    });
    if (again && secondReadingBetter(result, again.result)) {
      extracted = again.extracted;
      result = again.result;
    }
  }
  stage('explaining');
  // Only a real analysis is reworded; "not a medical report" stays as the engine says it.
  if (providerUsable(options.provider) && result.document_kind !== 'not_medical') {
    const rewritten = await rewriteWording(options.provider, result, extracted.lines.join('\n'));
    if (rewritten) {
      result.summary = rewritten.summary;
      result.key_findings = rewritten.key_findings;
      result.recommendations = rewritten.recommendations;
      result.ai_model_version = rewritten.ai_model_version;
    }
  }
  return result;
}

/**
 * Reading the file and the engine's analysis of its text, both in the extraction thread under one
 * hard time bound (run/bounded.ts), with the input caps at the engine's entry
 * (extract/caps.ts): neither a pathological PDF nor megabytes of short text lines can hold the
 * process's event loop.
 */
async function extractAndAnalyse(
  bytes: Buffer,
  language: Language,
  options: AnalyzeOptions,
  photoFix: boolean | undefined,
  onStage: (stage: AnalysisStage) => void,
): Promise<{ extracted: ExtractedText; result: AnalysisResult }> {
  let out: { extracted: ExtractedText; result: AnalysisResult };
  try {
    out = await analyzeBounded(bytes, {
      signal: options.signal,
      timeoutMs: options.extractTimeoutMs,
      photoFix,
      language,
      onStage,
    });
  } catch (err) {
    if (err instanceof AnalysisError) throw err;
    throw new AnalysisError('The file could not be read', {
      code: 'extract_failed',
      transient: true,
      cause: err,
    });
  }
  if (options.signal?.aborted) {
    throw new AnalysisError('The analysis was cancelled', { code: 'aborted', transient: true });
  }
  return out;
}

/**
 * The bytes decide what a file is, but a name that promises a PDF or an image over bytes that
 * are neither (text, random data) is refused: that upload is not what the patient thinks it is.
 */
function refuseMismatchedName(bytes: Buffer, filename: string): void {
  if (!bytes || bytes.length === 0) return; // reported as empty by extraction
  const ext = (filename ?? '').toLowerCase().split('.').pop() ?? '';
  // The head decides (magic numbers, text judged on 64 kB): this runs on the caller's thread.
  const kind = detectFileKind(bytes.subarray(0, 64 * 1024));
  if (ext === 'pdf' && kind !== 'pdf') {
    throw new AnalysisError('The file is not a valid PDF', { code: 'pdf_invalid' });
  }
  if ((ext === 'png' || ext === 'jpg' || ext === 'jpeg') && kind !== 'png' && kind !== 'jpg') {
    throw new AnalysisError('The file is not a valid PNG or JPEG image', { code: 'image_invalid' });
  }
}

/**
 * A stored value as the chat receives it: straight from report_values rows is fine (numeric
 * columns may arrive as strings from pg; the extra engine fields are optional).
 */
export interface ChatValue {
  canonical_id: string;
  name: string;
  value: number | string;
  unit: string | null;
  ref_low: number | string | null;
  ref_high: number | string | null;
  ref_text: string | null;
  flag: ExtractedValue['flag'];
  loinc?: string | null;
  qualifier?: '<' | '>' | null;
  ref_source?: ExtractedValue['ref_source'];
  flag_printed?: string | null;
  /** A photo's reading that could not be settled: never called normal or abnormal. */
  uncertain?: boolean | null;
}

export interface ChatInput {
  report: {
    report_type: string | null;
    summary: string | null;
    key_findings: string[] | null;
    values: ChatValue[] | null;
    impressions: string[] | null;
  };
  question: string;
  language: Language;
}

function toNumber(x: number | string | null | undefined): number | null {
  if (x === null || x === undefined || x === '') return null;
  const n = typeof x === 'number' ? x : Number(x);
  return Number.isFinite(n) ? n : null;
}

/** Brings stored rows back to the engine's shape (numbers as numbers, defaults for the rest). */
function normaliseChatValues(values: ChatValue[]): ExtractedValue[] {
  return values.map((v) => {
    const numeric =
      typeof v.value === 'string' && /^-?\d+(\.\d+)?$/.test(v.value.trim()) && v.unit
        ? Number(v.value)
        : v.value;
    return {
      canonical_id: v.canonical_id,
      loinc: v.loinc ?? null,
      name: v.name,
      value: numeric,
      qualifier: v.qualifier ?? null,
      unit: v.unit ?? '',
      ref_low: toNumber(v.ref_low),
      ref_high: toNumber(v.ref_high),
      ref_text: v.ref_text ?? '',
      ref_source: v.ref_source ?? (v.ref_text ? 'report' : 'none'),
      flag: v.flag,
      flag_printed: v.flag_printed ?? null,
      ...(v.uncertain ? { uncertain: true } : {}),
    };
  });
}

export interface ChatAnswer {
  response: string;
  model: string;
  tokens_used: number;
  confidence_score: number;
  /** The language the answer is written in: the message's, not necessarily the account's. */
  language: Language;
  /** Self-harm or abuse found in the question (chat/safety.ts); the caller flags it for staff. */
  safety: SafetyVerdict;
}

/** Only answers built from report data are reworded; fixed safety and refusal texts never are. */
const REWORDABLE: ReadonlySet<Intent> = new Set([
  'abnormal_list',
  'high_list',
  'low_list',
  'meaning',
  'status',
  'summary',
  'general',
  'symptom',
]);

/**
 * Answers a question about one report, grounded in its values. Whitespace-only questions are
 * refused with an AnalysisError. A provider may reword the local answer (same number guard).
 */
export async function answerChat(
  input: ChatInput,
  options: { provider?: ProviderConfig } = {},
): Promise<ChatAnswer> {
  const question = (input.question ?? '').trim();
  if (!question) throw new AnalysisError('Please type a question', { code: 'empty_question' });
  const report: ChatReport = {
    report_type: input.report.report_type,
    summary: input.report.summary,
    key_findings: input.report.key_findings ?? [],
    values: normaliseChatValues(input.report.values ?? []),
    impressions: input.report.impressions ?? [],
  };
  const local = answerLocally(report, question, input.language);
  const base: ChatAnswer = {
    response: local.response,
    model: LOCAL_MODEL_VERSION,
    tokens_used: 0,
    confidence_score: local.confidence,
    language: local.language,
    safety: local.safety,
  };
  // Crisis, emergency, refusal, off-topic and BP texts are fixed and never reworded; nor is any
  // answer to a flagged message.
  if (!REWORDABLE.has(local.intent) || local.safety.kind || !providerUsable(options.provider)) return base;
  // The values the question was about must survive the rewording.
  const keep = local.analytes.flatMap((id) => {
    const v = report.values.find((x) => x.canonical_id === id);
    return v && typeof v.value === 'number' ? [fmtNumber(v.value)] : [];
  });
  const rewritten = await rewriteChat(
    options.provider,
    report,
    question,
    local.response,
    local.language,
    keep,
  );
  return rewritten
    ? { ...base, response: rewritten.text, model: rewritten.model, tokens_used: rewritten.tokens }
    : base;
}

/** Terminates extraction threads and OCR workers; call on server shutdown and at the end of CLI runs. */
export async function shutdownAnalysis(): Promise<void> {
  await Promise.all([shutdownExtraction(), shutdownOcr()]);
}
