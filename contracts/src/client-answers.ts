import type { TwoFactorChallenge } from './security';

/** What callers do with some answers: read a file's name, tell a session from a second-step challenge. */

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** A file answer (an entry's `.raw(...)`) read into its bytes and the server's file name. */
export async function fileOf(res: Response, fallbackName = 'download'): Promise<DownloadedFile> {
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await res.blob(), filename };
}

/** What the password step of a sign-in answers: a session, or the second step's challenge. */
export function needsSecondFactor<T extends object>(r: T | TwoFactorChallenge): r is TwoFactorChallenge {
  return 'two_factor_required' in r && r.two_factor_required === true;
}

/** The second step: the challenge and either a 6-digit code or a recovery code. */
export interface SecondFactor {
  challenge: string;
  code?: string;
  recovery_code?: string;
}
