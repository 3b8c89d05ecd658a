// @ts-nocheck
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SHARED_HOME } from './binaries';
import { EmbeddedDatabaseError } from './failure';
import { canAccess, type RunAs } from './run-as';

/**
 * Where the cluster lives. Normally DATA_DIR/postgres. As root, when the 'postgres' user
 * cannot enter DATA_DIR (it sits under a folder others cannot enter), the cluster goes to
 * SHARED_HOME/clusters/<name>-<hash of DATA_DIR> instead, and DATA_DIR/postgres.location
 * says so: we never open up the permissions of the user's own folders.
 */
export interface ClusterLocation {
  clusterDir: string;
  /** A folder the server's account can read, for initdb's password file. */
  tmpDir: string;
  relocated: boolean;
}

const POINTER = 'postgres.location';

/** The cluster folder for DATA_DIR, as a running or earlier start placed it. */
export function embeddedClusterDir(dataDir: string): string {
  const pointer = path.join(dataDir, POINTER);
  if (existsSync(pointer)) return readFileSync(pointer, 'utf8').trim();
  return path.join(dataDir, 'postgres');
}

export async function clusterLocation(dataDir: string, account: RunAs | undefined): Promise<ClusterLocation> {
  const recorded = embeddedClusterDir(dataDir);
  const inDataDir = path.join(dataDir, 'postgres');
  if (recorded !== inDataDir) return relocatedAt(recorded);
  if (canAccess(account, dataDir, 'x')) {
    return { clusterDir: inDataDir, tmpDir: path.join(dataDir, 'tmp'), relocated: false };
  }
  if (existsSync(path.join(inDataDir, 'PG_VERSION'))) {
    // A cluster made when the folder was open: moving it silently would show an empty database.
    throw new EmbeddedDatabaseError(
      `The database in ${inDataDir} cannot be reached by the '${account?.name}' user that runs PostgreSQL: ` +
        `${closedFolder(dataDir, account) ?? 'a parent folder'} cannot be entered by other users. ` +
        'Let that user enter it (chmod o+x on that folder), move the project to an open folder, or run as an ordinary user.',
      'permissions',
    );
  }
  const id = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  const clusterDir = path.join(
    SHARED_HOME,
    'clusters',
    `${path.basename(path.dirname(dataDir))}-${id}`,
    'postgres',
  );
  await writeFile(path.join(dataDir, POINTER), clusterDir + '\n');
  return relocatedAt(clusterDir);
}

async function relocatedAt(clusterDir: string): Promise<ClusterLocation> {
  const home = path.dirname(clusterDir);
  await mkdir(home, { recursive: true, mode: 0o755 });
  return { clusterDir, tmpDir: path.join(home, 'tmp'), relocated: true };
}

/** The first folder on the way to `target` that the account cannot enter, for the message. */
function closedFolder(target: string, account: RunAs | undefined): string | undefined {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const dir = path.sep + parts.slice(0, i).join(path.sep);
    if (!canAccess(account, dir, 'x')) return dir;
  }
  return undefined;
}

/** Hands a folder to the server's account (as root); a no-op otherwise. */
export async function giveTo(dir: string, account: RunAs | undefined): Promise<void> {
  if (account) await chown(dir, account.uid, account.gid);
}
