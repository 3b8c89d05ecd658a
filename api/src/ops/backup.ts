import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { once } from 'node:events';
import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';
import type { Storage } from '../storage/storage';

/**
 * `npm run db:backup` / `db:restore` (decision 093). A backup is a folder:
 *   manifest.json   — format, when, the migrations applied, per table its columns, row count and sha256,
 *                     per stored file its key, size and sha256
 *   tables/<t>.jsonl — one JSON object per row (row_to_json), all read in one REPEATABLE READ snapshot
 *   files/<key>     — the stored upload of every report
 * It is made by the product itself, not pg_dump: Debian's pg_dump (15) cannot dump the embedded
 * PostgreSQL 18 and the npm packages carry none, and this one format serves both databases. The
 * job queue's own schema (pgboss) is not kept: restore queues the unfinished analyses again.
 */
export const BACKUP_FORMAT = 1;
const BATCH = 1000;
/** Bookkeeping of the migrator: restored by migrating the target, not copied. */
const SKIP_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

export interface Manifest {
  format: number;
  created_at: string;
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number; sha256: string }[];
  files: { key: string; bytes: number; sha256: string }[];
}

export class BackupError extends Error {}

async function publicTables(db: DB): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  return rows.rows.map((r) => r.name).filter((t) => !SKIP_TABLES.has(t));
}

async function insertableColumns(db: DB, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
    ORDER BY ordinal_position`.execute(db);
  return rows.rows.map((r) => r.name);
}

async function appliedMigrations(db: DB): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.rows.map((r) => r.name);
}

export async function createBackup(db: DB, storage: Storage, dir: string): Promise<Manifest> {
  await mkdir(path.join(dir, 'tables'), { recursive: true });
  await mkdir(path.join(dir, 'files'), { recursive: true });
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    created_at: new Date().toISOString(),
    migrations: [],
    tables: [],
    files: [],
  };
  const storageKeys: string[] = [];
  // One snapshot: every table as of the same instant, whatever is written meanwhile.
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      manifest.migrations = await appliedMigrations(trx);
      for (const table of await publicTables(trx)) {
        const columns = await insertableColumns(trx, table);
        manifest.tables.push(
          await dumpTable(trx, table, columns, path.join(dir, 'tables', `${table}.jsonl`)),
        );
      }
      const keys = await sql<{ key: string }>`
        SELECT DISTINCT storage_key AS key FROM reports WHERE storage_key IS NOT NULL ORDER BY 1`.execute(
        trx,
      );
      storageKeys.push(...keys.rows.map((r) => r.key));
    });
  for (const key of storageKeys) {
    let bytes: Buffer;
    try {
      bytes = await storage.get(key);
    } catch {
      continue; // a report whose file is already gone (deleted, or never stored): nothing to keep
    }
    await writeFile(path.join(dir, 'files', key), bytes);
    manifest.files.push({ key, bytes: bytes.length, sha256: sha256(bytes) });
  }
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

async function dumpTable(trx: DB, table: string, columns: string[], file: string) {
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let rows = 0;
  const cursor = `backup_${table}`;
  const list = sql.join(columns.map((c) => sql.ref(c)));
  await sql`DECLARE ${sql.raw(cursor)} NO SCROLL CURSOR FOR
    SELECT row_to_json(r)::text AS line FROM (SELECT ${list} FROM ${sql.table(table)}) r`.execute(trx);
  for (;;) {
    const batch = await sql<{
      line: string;
    }>`FETCH ${sql.raw(String(BATCH))} FROM ${sql.raw(cursor)}`.execute(trx);
    if (batch.rows.length === 0) break;
    const chunk = batch.rows.map((r) => r.line + '\n').join('');
    hash.update(chunk);
    rows += batch.rows.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  await sql`CLOSE ${sql.raw(cursor)}`.execute(trx);
  out.end();
  await once(out, 'finish');
  return { name: table, columns, rows, sha256: hash.digest('hex') };
}

/** Reads and checks a backup completely before anything is changed. */
export async function verifyBackup(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${dir} is not a backup: manifest.json is missing or unreadable.`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`Backup format ${manifest.format} is not supported (expected ${BACKUP_FORMAT}).`);
  for (const t of manifest.tables) {
    const data = await readFile(path.join(dir, 'tables', `${t.name}.jsonl`)).catch(() => null);
    if (!data || sha256(data) !== t.sha256)
      throw new BackupError(`The backup's table ${t.name} is missing or damaged (checksum mismatch).`);
  }
  for (const f of manifest.files) {
    const data = await readFile(path.join(dir, 'files', f.key)).catch(() => null);
    if (!data || sha256(data) !== f.sha256)
      throw new BackupError(`The backup's file ${f.key} is missing or damaged (checksum mismatch).`);
  }
  return manifest;
}

/**
 * Restores into a migrated database: refuses one holding users or reports unless `force`, checks
 * every checksum first, then replaces all rows in one transaction (triggers and foreign keys held
 * off with session_replication_role, which needs a superuser), resets the id sequences, and puts
 * the files into storage. Returns the ids of reports whose analysis must be queued again.
 */
export async function restoreBackup(
  db: DB,
  storage: Storage,
  dir: string,
  options: { force?: boolean } = {},
): Promise<{ manifest: Manifest; unfinished: number[] }> {
  const manifest = await verifyBackup(dir);
  const known = new Set(await appliedMigrations(db));
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length)
    throw new BackupError(
      `The backup was made by a newer version (migrations ${unknown.join(', ')}): update the product first.`,
    );
  if (!options.force) {
    const used = await sql<{
      n: number;
    }>`SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM reports) AS n`.execute(db);
    if (Number(used.rows[0].n) > 0)
      throw new BackupError(
        'The target database already holds users or reports. Restore into an empty one, or pass --force to replace everything.',
      );
  }
  const tables = await publicTables(db);
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))} RESTART IDENTITY CASCADE`.execute(trx);
    for (const t of manifest.tables) {
      if (!tables.includes(t.name)) continue; // a table since dropped
      const current = new Set(await insertableColumns(trx, t.name));
      const columns = t.columns.filter((c) => current.has(c));
      await loadTable(trx, t.name, columns, path.join(dir, 'tables', `${t.name}.jsonl`));
    }
    await resetSequences(trx);
  });
  for (const f of manifest.files) {
    const temp = path.join(storage.tempDir, `restore-${f.key}`);
    await writeFile(temp, await readFile(path.join(dir, 'files', f.key)));
    await storage.putFile(f.key, temp);
  }
  const unfinished = await sql<{ id: number }>`
    UPDATE reports SET status = 'pending' WHERE status IN ('pending', 'processing') RETURNING id`.execute(db);
  return { manifest, unfinished: unfinished.rows.map((r) => r.id) };
}

async function loadTable(trx: DB, table: string, columns: string[], file: string): Promise<void> {
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const insert = async (lines: string[]) => {
    const json = `[${lines.join(',')}]`;
    await sql`INSERT INTO ${sql.table(table)} (${list}) OVERRIDING SYSTEM VALUE
      SELECT ${list} FROM json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(trx);
  };
  let batch: string[] = [];
  const lines = readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length === BATCH) {
      await insert(batch);
      batch = [];
    }
  }
  if (batch.length) await insert(batch);
}

/** Every serial/identity sequence set past the highest id restored. */
async function resetSequences(trx: DB): Promise<void> {
  const owned = await sql<{ tbl: string; col: string }>`
    SELECT c.relname AS tbl, a.attname AS col
    FROM pg_class s
    JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i')
    JOIN pg_class c ON c.oid = d.refobjid
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = d.refobjsubid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE s.relkind = 'S' AND n.nspname = 'public'`.execute(trx);
  for (const { tbl, col } of owned.rows) {
    await sql`SELECT setval(pg_get_serial_sequence(${`"${tbl}"`}, ${col}),
      COALESCE((SELECT max(${sql.ref(col)}) FROM ${sql.table(tbl)}), 0) + 1, false)`.execute(trx);
  }
}

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}
