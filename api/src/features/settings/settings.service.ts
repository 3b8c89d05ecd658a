import type { DB } from '@reportsaathi/db';
import { DEFAULT_SETTINGS } from './settings.defaults';
import { readSettingValue } from './settings.repo';

function fallback(key: string): string | null {
  const d = DEFAULT_SETTINGS.find((s) => s.key === key);
  if (!d) throw new Error(`Unknown setting: ${key}`);
  return d.value;
}

export async function getStringSetting(db: DB, key: string): Promise<string> {
  const v = await readSettingValue(db, key);
  return v ?? fallback(key) ?? '';
}

export async function getIntSetting(db: DB, key: string): Promise<number> {
  const v = Number.parseInt((await readSettingValue(db, key)) ?? '', 10);
  return Number.isFinite(v) ? v : Number.parseInt(fallback(key) ?? '0', 10);
}

export async function getBoolSetting(db: DB, key: string): Promise<boolean> {
  const v = (await readSettingValue(db, key)) ?? fallback(key);
  return v === 'true';
}
