import type { DB } from '@reportsaathi/db';
import { decryptValue } from './settings-crypto';
import { DEFAULT_SETTINGS } from './settings.defaults';
import { readAllSettingValues } from './settings.repo';

/**
 * The code reads every setting through here. Values come from the database (shared by all
 * processes) through a short cache: a change made in this process is seen at once (the cache
 * is dropped on write), one made by another process within SETTINGS_CACHE_MS. One query loads
 * all settings, so a request that reads several costs at most one round trip every 5 seconds.
 */
export const SETTINGS_CACHE_MS = 5_000;

interface Snapshot {
  at: number;
  values: Map<string, string | null>;
}
interface CacheEntry {
  snap?: Snapshot;
  loading?: Promise<Snapshot>;
  /** Bumped on invalidate, so a load that began before a write is not kept. */
  generation: number;
}

const caches = new WeakMap<object, CacheEntry>();
const keys = new WeakMap<object, Buffer>();
let lastKey: Buffer | null = null;

/** Gives the store the key of the sensitive values (bootstrap, once per database handle). */
export function registerSettingsKey(db: DB, key: Buffer): void {
  keys.set(db, key);
  lastKey = key;
}

export function settingsKey(db: DB): Buffer {
  const key = keys.get(db) ?? lastKey;
  if (!key) throw new Error('Settings encryption key not registered');
  return key;
}

/** Drops this process's cached values (after a write here). */
export function invalidateSettingsCache(db: DB): void {
  const entry = caches.get(db);
  if (entry) {
    entry.snap = undefined;
    entry.loading = undefined;
    entry.generation++;
  }
}

async function load(db: DB): Promise<Snapshot> {
  const rows = await readAllSettingValues(db);
  const key = keys.get(db) ?? lastKey;
  const values = new Map<string, string | null>();
  for (const r of rows)
    values.set(r.key, r.is_sensitive && r.value && key ? decryptValue(key, r.value) : r.value);
  return { at: Date.now(), values };
}

async function snapshot(db: DB): Promise<Map<string, string | null>> {
  // Inside a transaction, read what the transaction sees, not the shared cache.
  if (db.isTransaction) return (await load(db)).values;
  let entry = caches.get(db);
  if (!entry) {
    entry = { generation: 0 };
    caches.set(db, entry);
  }
  if (entry.snap && Date.now() - entry.snap.at < SETTINGS_CACHE_MS) return entry.snap.values;
  let loading = entry.loading;
  if (!loading) {
    const e = entry;
    const generation = e.generation;
    loading = e.loading = load(db).then(
      (snap) => {
        if (e.generation === generation) {
          e.snap = snap;
          e.loading = undefined;
        }
        return snap;
      },
      (err: unknown) => {
        if (e.generation === generation) e.loading = undefined;
        throw err;
      },
    );
  }
  return (await loading).values;
}

function fallback(key: string): string | null {
  const d = DEFAULT_SETTINGS.find((s) => s.key === key);
  if (!d) throw new Error(`Unknown setting: ${key}`);
  return d.value;
}

/** The stored (decrypted) value, or the default when the row is missing. */
async function readSetting(db: DB, key: string): Promise<string | null> {
  const values = await snapshot(db);
  return values.has(key) ? (values.get(key) ?? null) : fallback(key);
}

export async function getStringSetting(db: DB, key: string): Promise<string> {
  return (await readSetting(db, key)) ?? fallback(key) ?? '';
}

export async function getIntSetting(db: DB, key: string): Promise<number> {
  const v = Number.parseInt((await readSetting(db, key)) ?? '', 10);
  return Number.isFinite(v) ? v : Number.parseInt(fallback(key) ?? '0', 10);
}

export async function getBoolSetting(db: DB, key: string): Promise<boolean> {
  const v = (await readSetting(db, key)) ?? fallback(key);
  return v === 'true';
}

/** A json setting parsed; the default when the stored text does not parse. */
export async function getJsonSetting<T>(db: DB, key: string): Promise<T> {
  try {
    return JSON.parse((await readSetting(db, key)) ?? '') as T;
  } catch {
    return JSON.parse(fallback(key) ?? 'null') as T;
  }
}
