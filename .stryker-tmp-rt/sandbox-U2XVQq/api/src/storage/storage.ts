/**
 * Where uploaded files live. Keys are ours (random), never the user's file name.
 * The local-disk driver is the default; another driver (S3-compatible) implements the same.
 */
// @ts-nocheck

export interface Storage {
  /** Moves a finished temporary file into storage under key. */
  putFile(key: string, tempPath: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** A folder for temporary upload files on the same filesystem (so putFile can rename). */
  readonly tempDir: string;
}
