/**
 * Where uploaded files live. Keys are ours (random), never the user's file name.
 * The local-disk driver is the default; another driver (S3-compatible) implements the same.
 */
export interface Storage {
  /** Moves a finished temporary file into storage under key. */
  putFile(key: string, tempPath: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** A folder for temporary upload files on the same filesystem (so putFile can rename). */
  readonly tempDir: string;
  /** Throws unless files can be written now (readiness). */
  check(): Promise<void>;
}

/** The storage service cannot be reached (a bucket down): the API answers 503, nothing half-made. */
export class StorageUnavailable extends Error {
  constructor(
    readonly operation: 'put' | 'get' | 'delete',
    override readonly cause: unknown,
  ) {
    super(
      `File storage is unavailable (${operation}): ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'StorageUnavailable';
  }
}
