/**
 * Why the embedded PostgreSQL did not start, said once, in words a person can act on.
 * Every failure of the start (a program that cannot run, a port taken, a data folder of
 * another version, a full disk, permissions) becomes one EmbeddedDatabaseError whose
 * message names the cause and the fix; `npm start` prints it and exits non-zero.
 */
// @ts-nocheck

export class EmbeddedDatabaseError extends Error {
  constructor(
    message: string,
    readonly cause_: 'permissions' | 'port' | 'version' | 'disk' | 'in-use' | 'other',
  ) {
    super(message);
    this.name = 'EmbeddedDatabaseError';
  }
}

/** What a failed initdb/postgres printed, read for the causes people can fix. */
export function diagnose(
  output: string,
  context: { what: string; dataDir: string; port?: number },
): EmbeddedDatabaseError {
  const where = context.dataDir;
  const last = lastLines(output);
  if (/No space left on device|could not extend file|disk full/i.test(output))
    return new EmbeddedDatabaseError(
      `The disk holding ${where} is full, so the embedded database cannot ${context.what}. ` +
        'Free some space on that disk (df -h shows it), or set DATA_DIR to a folder on another disk, and start again.',
      'disk',
    );
  if (/Address already in use|could not bind/i.test(output))
    return new EmbeddedDatabaseError(
      `Port ${context.port ?? '?'} on 127.0.0.1 was taken by another program while the embedded database started. ` +
        'Start again (a free port is chosen each time), or stop the program holding it.',
      'port',
    );
  if (
    /database files are incompatible with server|was initialized by PG_VERSION|initialized by (PostgreSQL )?version/i.test(
      output,
    )
  )
    return versionMismatch(where, undefined, undefined);
  if (/lock file ".*" already exists|Is another postmaster/i.test(output))
    return new EmbeddedDatabaseError(
      `Another PostgreSQL is already running on the database in ${where}. ` +
        'Stop the other `npm start` using this DATA_DIR, or set DATA_DIR to another folder.',
      'in-use',
    );
  if (
    /Permission denied|could not (open|access|create|change).*(directory|file)|must be owned by|has invalid permissions/i.test(
      output,
    )
  )
    return new EmbeddedDatabaseError(
      `The embedded database cannot ${context.what}: permission denied on ${where}. ` +
        'Make the folder writable by the user running `npm start` (or, as root, by the "postgres" system user), ' +
        `or set DATA_DIR to another folder. PostgreSQL said: ${last}`,
      'permissions',
    );
  return new EmbeddedDatabaseError(
    `The embedded database could not ${context.what} in ${where}. PostgreSQL said: ${last || '(nothing)'}. ` +
      'Set DATABASE_URL to use a PostgreSQL server of your own instead, or remove the folder to start afresh if it holds nothing you need.',
    'other',
  );
}

export function versionMismatch(
  dataDir: string,
  found: string | undefined,
  expected: string | undefined,
): EmbeddedDatabaseError {
  const versions =
    found && expected ? ` (made by PostgreSQL ${found}; this product runs PostgreSQL ${expected})` : '';
  return new EmbeddedDatabaseError(
    `The database folder ${dataDir} was made by another version of PostgreSQL${versions}. ` +
      'Back it up with the PostgreSQL version that made it (pg_dump), or set DATA_DIR to a new folder; ' +
      'the data is left untouched.',
    'version',
  );
}

/** A program that could not be run at all (spawn failed: EACCES, ENOENT, a noexec mount...). */
export function cannotRun(
  program: string,
  err: NodeJS.ErrnoException,
  runsAs: string,
): EmbeddedDatabaseError {
  return new EmbeddedDatabaseError(
    `The embedded database program ${program} cannot be run as ${runsAs} (${err.code ?? err.message}). ` +
      (err.code === 'ENOENT'
        ? 'It is missing: run `npm ci` again.'
        : 'Its folder must be readable and executable by that user, and not on a noexec mount; run `npm ci` again, ' +
          'or set DATABASE_URL to use a PostgreSQL server of your own.'),
    err.code === 'ENOENT' ? 'other' : 'permissions',
  );
}

function lastLines(output: string): string {
  return output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^\[STDERR\]\s*$/.test(l))
    .slice(-3)
    .join(' / ')
    .slice(0, 500);
}
