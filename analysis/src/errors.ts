/**
 * The one error type the engine throws. `message` is a plain reason a patient can read
 * ("The PDF is password-protected"); `transient` marks failures worth retrying (a provider
 * timeout, an OCR worker crash), as opposed to a bad file that will fail the same way again.
 */
export class AnalysisError extends Error {
  readonly transient: boolean;
  readonly code: string;

  constructor(message: string, options: { code: string; transient?: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AnalysisError';
    this.code = options.code;
    this.transient = options.transient ?? false;
  }
}

export function isAnalysisError(err: unknown): err is AnalysisError {
  return err instanceof AnalysisError;
}
