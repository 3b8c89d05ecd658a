import type { DB, SystemSetting } from '@reportsaathi/db';
import { DEFAULT_SETTINGS, type SettingDefault } from './settings.defaults';

function defaultRow(s: SettingDefault) {
  return {
    key: s.key,
    value: s.value,
    data_type: s.data_type,
    category: s.category,
    description: s.description,
    requires_restart: s.requires_restart ?? false,
    is_sensitive: s.is_sensitive ?? false,
  };
}

/** Inserts the defaults that are missing; never overwrites an admin's value. */
export async function ensureDefaultSettings(db: DB): Promise<void> {
  await db
    .insertInto('system_settings')
    .values(DEFAULT_SETTINGS.map(defaultRow))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * Initialize Defaults: adds missing settings and refreshes what the code says about each
 * (category, type, description, flags), keeping every value an admin chose.
 * Returns how many settings were created.
 */
export async function initializeDefaultSettings(db: DB): Promise<number> {
  const before = await db.selectFrom('system_settings').select('key').execute();
  const known = new Set(before.map((r) => r.key));
  await db
    .insertInto('system_settings')
    .values(DEFAULT_SETTINGS.map(defaultRow))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        data_type: eb.ref('excluded.data_type'),
        category: eb.ref('excluded.category'),
        description: eb.ref('excluded.description'),
        requires_restart: eb.ref('excluded.requires_restart'),
        is_sensitive: eb.ref('excluded.is_sensitive'),
      })),
    )
    .execute();
  return DEFAULT_SETTINGS.filter((s) => !known.has(s.key)).length;
}

/** Every stored key and (stored, maybe encrypted) value: what the settings cache holds. */
export function readAllSettingValues(db: DB) {
  return db.selectFrom('system_settings').select(['key', 'value', 'is_sensitive']).execute();
}

export type SettingRow = SystemSetting & { modified_by_email: string | null };

function settingRows(db: DB) {
  return db
    .selectFrom('system_settings as s')
    .leftJoin('admins as a', 'a.id', 's.last_modified_by')
    .selectAll('s')
    .select((eb) => eb.fn.coalesce('a.email', 'a.username').as('modified_by_email'));
}

export function listSettingRows(db: DB, keys: readonly string[], category?: string): Promise<SettingRow[]> {
  let q = settingRows(db).where('s.key', 'in', keys);
  if (category) q = q.where('s.category', '=', category as SystemSetting['category']);
  return q.orderBy('s.category').orderBy('s.key').execute();
}

export function findSettingRow(db: DB, key: string): Promise<SettingRow | undefined> {
  return settingRows(db).where('s.key', '=', key).executeTakeFirst();
}

/** Locks the row for the change (two admins saving at once take turns). */
export function lockSettingRow(db: DB, key: string) {
  return db.selectFrom('system_settings').selectAll().where('key', '=', key).forUpdate().executeTakeFirst();
}

export async function writeSettingValue(
  db: DB,
  key: string,
  change: { value: string | null; description?: string; adminId: number },
): Promise<void> {
  await db
    .updateTable('system_settings')
    .set({
      value: change.value,
      ...(change.description !== undefined ? { description: change.description } : {}),
      last_modified_by: change.adminId,
      last_modified_at: new Date(),
    })
    .where('key', '=', key)
    .execute();
}

export async function countSettingsByCategory(db: DB, keys: readonly string[]) {
  return db
    .selectFrom('system_settings')
    .select(['category', (eb) => eb.fn.countAll<number>().as('count')])
    .where('key', 'in', keys)
    .groupBy('category')
    .execute();
}

/** Users with a live session used in the last 24 hours (the status card's "active users"). */
export async function countActiveUsers(db: DB): Promise<number> {
  const row = await db
    .selectFrom('user_sessions')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
    .where('kind', '=', 'user')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('last_seen_at', '>', new Date(Date.now() - 24 * 3600_000))
    .executeTakeFirstOrThrow();
  return row.n;
}
