/**
 * The engine's settings. The package never reads process.env: its host passes them in
 * (`configureAnalysis`, before the first analysis) — the API from its environment through
 * `analysisConfigFromEnv` (api/src/env.ts), the CLI the same way. The extraction thread gets the
 * host's settings with its start (run/bounded.ts), so both threads work from one set.
 */
export type OcrLang = 'eng' | 'hin';

export interface AnalysisConfig {
  /** Extraction threads kept per process (1-2), reused from file to file (run/bounded.ts). */
  extractWorkers: number;
  /** V8 heap of an extraction thread; a file needing more is refused, not the process's OOM. */
  extractHeapMb: number;
  /** Added to the process's nice value for extraction threads, so requests come first (decision 100). */
  extractNice: number;
  /** OCR languages: English, or English and Hindi for reports printed partly in Hindi. */
  ocrLangs: OcrLang[];
  /** OCR workers kept per process (1-2); each costs memory. */
  ocrWorkers: number;
  /** Time limit for reading one image. */
  ocrTimeoutMs: number;
  /** A shadowed photo is cleaned up before OCR, and a weak reading is read the other way too (decision 049). */
  photoSecondReading: boolean;
  /**
   * Every value (number or word) a photo shows as read is read again by a second reader of
   * another family (PP-OCR, verify/), and made "check it" when the two disagree (decision 200).
   * On by default since engine 3.1.0; PHOTO_SECOND_READER=0 turns it off.
   */
  photoSecondReader: boolean;
}

export const DEFAULT_ANALYSIS_CONFIG: Readonly<AnalysisConfig> = Object.freeze<AnalysisConfig>({
  extractWorkers: 1,
  extractHeapMb: 512,
  extractNice: 10,
  ocrLangs: ['eng'],
  ocrWorkers: 1,
  ocrTimeoutMs: 45_000,
  photoSecondReading: true,
  photoSecondReader: true,
});

let current: AnalysisConfig = { ...DEFAULT_ANALYSIS_CONFIG };

/** Sets some or all settings, each brought into its allowed range. */
export function configureAnalysis(settings: Partial<AnalysisConfig>): void {
  const next = { ...current, ...settings };
  current = {
    extractWorkers: clampInt(next.extractWorkers, 1, 2, DEFAULT_ANALYSIS_CONFIG.extractWorkers),
    extractHeapMb: clampInt(next.extractHeapMb, 128, 16_384, DEFAULT_ANALYSIS_CONFIG.extractHeapMb),
    extractNice: clampInt(next.extractNice, 0, 19, DEFAULT_ANALYSIS_CONFIG.extractNice),
    ocrLangs: next.ocrLangs.length ? [...new Set(next.ocrLangs)] : ['eng'],
    ocrWorkers: clampInt(next.ocrWorkers, 1, 2, DEFAULT_ANALYSIS_CONFIG.ocrWorkers),
    ocrTimeoutMs: clampInt(next.ocrTimeoutMs, 1, 3_600_000, DEFAULT_ANALYSIS_CONFIG.ocrTimeoutMs),
    photoSecondReading: next.photoSecondReading,
    photoSecondReader: next.photoSecondReader,
  };
}

export function analysisConfig(): Readonly<AnalysisConfig> {
  return current;
}

/**
 * The settings named by environment variables (README, "Configuration"): EXTRACT_WORKERS,
 * EXTRACT_HEAP_MB, EXTRACT_NICE, OCR_LANGS ('eng' or 'eng+hin'), OCR_WORKERS, OCR_TIMEOUT_MS,
 * PHOTO_SECOND_READING and PHOTO_SECOND_READER ('0' turns each off). Only the ones set are returned; the host passes in its
 * own environment object.
 */
export function analysisConfigFromEnv(env: Record<string, string | undefined>): Partial<AnalysisConfig> {
  const out: Partial<AnalysisConfig> = {};
  const num = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : Number(env[name]));
  const set = <K extends keyof AnalysisConfig>(key: K, value: AnalysisConfig[K] | undefined) => {
    if (value !== undefined && !(typeof value === 'number' && !Number.isFinite(value))) out[key] = value;
  };
  set('extractWorkers', num('EXTRACT_WORKERS'));
  set('extractHeapMb', num('EXTRACT_HEAP_MB'));
  set('extractNice', num('EXTRACT_NICE'));
  set('ocrWorkers', num('OCR_WORKERS'));
  set('ocrTimeoutMs', num('OCR_TIMEOUT_MS'));
  if (env.OCR_LANGS !== undefined) {
    set(
      'ocrLangs',
      env.OCR_LANGS.split('+')
        .map((l) => l.trim())
        .filter((l): l is OcrLang => l === 'eng' || l === 'hin'),
    );
  }
  if (env.PHOTO_SECOND_READING !== undefined) set('photoSecondReading', env.PHOTO_SECOND_READING !== '0');
  if (env.PHOTO_SECOND_READER !== undefined) set('photoSecondReader', env.PHOTO_SECOND_READER !== '0');
  return out;
}

function clampInt(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}
