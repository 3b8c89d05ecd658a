import type { DB } from '@reportsaathi/db';
import { DEFAULT_SETTINGS } from './settings.defaults';

/** Inserts the defaults that are missing; never overwrites an admin's value. */
export async function ensureDefaultSettings(db: DB): Promise<void> {
  await db
    .insertInto('system_settings')
    .values(
      DEFAULT_SETTINGS.map((s) => ({
        key: s.key,
        value: s.value,
        data_type: s.data_type,
        category: s.category,
        description: s.description,
        requires_restart: s.requires_restart ?? false,
        is_sensitive: s.is_sensitive ?? false,
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function readSettingValue(db: DB, key: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}
