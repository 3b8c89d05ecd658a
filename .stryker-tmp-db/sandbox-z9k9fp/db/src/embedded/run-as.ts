// @ts-nocheck
import { execFileSync, spawnSync } from 'node:child_process';
import { EmbeddedDatabaseError } from './failure';

/**
 * PostgreSQL refuses to run as root. When `npm start` runs as root, its server runs as the
 * 'postgres' system user (created if missing, as Debian's own package does); otherwise it
 * runs as whoever started the product.
 */
export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

export const SYSTEM_USER = 'postgres';

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** The account the server runs as: undefined means "this process's own". */
export function serverAccount(): RunAs | undefined {
  if (!isRoot()) return undefined;
  let ids = lookup(SYSTEM_USER);
  if (!ids) {
    try {
      execFileSync('groupadd', ['--system', SYSTEM_USER], { stdio: 'pipe' });
    } catch {
      // the group may exist without the user
    }
    try {
      execFileSync('useradd', ['--system', '--gid', SYSTEM_USER, '--no-create-home', SYSTEM_USER], {
        stdio: 'pipe',
      });
    } catch (err) {
      throw new EmbeddedDatabaseError(
        `Running as root, the embedded database needs a '${SYSTEM_USER}' system user to run as, and creating it failed ` +
          `(${(err as Error).message.split('\n')[0]}). Create it (useradd --system ${SYSTEM_USER}), run as an ordinary user, ` +
          'or set DATABASE_URL to use a PostgreSQL server of your own.',
        'permissions',
      );
    }
    ids = lookup(SYSTEM_USER);
    if (!ids)
      throw new EmbeddedDatabaseError(
        `The '${SYSTEM_USER}' system user could not be found after creating it.`,
        'other',
      );
  }
  return { ...ids, name: SYSTEM_USER };
}

/**
 * Whether `account` can reach `target` with `mode` ('x' a folder to enter or a program to
 * run, 'w' a folder to write): asked of the kernel by running `test` as that account, so
 * every parent folder's mode, ACLs and mount options count, as they will for PostgreSQL.
 */
export function canAccess(account: RunAs | undefined, target: string, mode: 'x' | 'w'): boolean {
  if (!account) return true;
  const result = spawnSync('test', [`-${mode}`, target], {
    uid: account.uid,
    gid: account.gid,
    stdio: 'ignore',
  });
  return result.status === 0;
}

function lookup(name: string): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(
      execFileSync('id', ['-u', name], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim(),
    );
    const gid = Number(
      execFileSync('id', ['-g', name], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim(),
    );
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}
