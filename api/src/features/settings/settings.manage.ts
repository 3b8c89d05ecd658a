import { SETTING_NOT_FOUND } from '@reportsaathi/contracts';
import {
  DEFAULT_MAINTENANCE_MESSAGE,
  SETTING_CATEGORIES,
  SETTING_CATEGORY_LABELS,
  type SettingCategories,
  type SystemSetting,
  type SystemStatus,
} from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import type { AdminActor } from '../../kernel/principal';
import { badRequest, notFound } from '../../kernel/errors';
import { audited } from '../audit';
import { maintenanceStatus } from '../../platform/settings/maintenance';
import { encryptValue } from '../../platform/settings/settings-crypto';
import { DEFAULT_SETTINGS, type SettingDefault } from '../../platform/settings/settings.defaults';
import {
  countActiveUsers,
  countSettingsByCategory,
  findSettingRow,
  initializeDefaultSettings,
  listSettingRows,
  lockSettingRow,
  writeSettingValue,
} from '../../platform/settings/settings.repo';
import { invalidateSettingsCache, settingsKey } from '../../platform/settings/settings.service';
import { toStoredValue, toSystemSetting } from './setting-values';
import { parseAllowedHosts, URL_SETTINGS, urlSettingProblem } from './url-settings';

/** The provider key goes with the URL it was given for: a new base URL clears it. */
const KEY_OF_URL: Record<string, string> = { ai_base_url: 'ai_api_key' };

/** The version the status card shows (the product's release label). */
export const SYSTEM_VERSION = '2.1.0';

/**
 * Only the settings the code knows (settings.defaults.ts) are shown and editable; rows the
 * system keeps for itself (the JWT secret, the encryption key) never leave the database.
 */
const KNOWN_KEYS = DEFAULT_SETTINGS.map((s) => s.key);
function knownSetting(key: string): SettingDefault {
  const def = DEFAULT_SETTINGS.find((s) => s.key === key);
  if (!def) throw notFound(SETTING_NOT_FOUND);
  return def;
}

export async function listSettings(
  deps: AppDeps,
  query: { category?: string; include_sensitive?: boolean },
): Promise<{ settings: SystemSetting[]; total: number }> {
  const rows = await listSettingRows(deps.db, KNOWN_KEYS, query.category);
  const shown = query.include_sensitive === false ? rows.filter((r) => !r.is_sensitive) : rows;
  return { settings: shown.map(toSystemSetting), total: shown.length };
}

export async function getSetting(deps: AppDeps, key: string): Promise<SystemSetting> {
  knownSetting(key);
  const row = await findSettingRow(deps.db, key);
  if (!row) throw notFound(SETTING_NOT_FOUND);
  return toSystemSetting(row);
}

/**
 * Converts and checks the value first (a 400 writes nothing), then stores it — encrypted when
 * sensitive — with its audit row in one transaction. The audit row records old and new values
 * of ordinary settings and only "changed" for sensitive ones, which are never logged.
 */
export async function updateSetting(
  deps: AppDeps,
  actor: AdminActor,
  key: string,
  input: { value: unknown; description?: string },
): Promise<SystemSetting> {
  const def = knownSetting(key);
  const text = toStoredValue(def, input.value);
  if (URL_SETTINGS.includes(key)) {
    const problem = urlSettingProblem(key, text ?? '', parseAllowedHosts(deps.env.AI_ALLOWED_HOSTS));
    if (problem) throw badRequest(problem);
  }
  await audited(
    deps,
    actor,
    { action: 'update_setting', resource_type: 'system_setting', resource_id: key },
    async (trx, note) => {
      const row = await lockSettingRow(trx, key);
      if (!row) throw notFound(SETTING_NOT_FOUND);
      const stored = row.is_sensitive && text ? encryptValue(settingsKey(deps.db), text) : text;
      await writeSettingValue(trx, key, {
        value: stored,
        description: input.description,
        adminId: actor.admin.id,
      });
      const clearedKey = KEY_OF_URL[key] && (row.value ?? '') !== (text ?? '') ? KEY_OF_URL[key] : null;
      if (clearedKey) await writeSettingValue(trx, clearedKey, { value: null, adminId: actor.admin.id });
      note.details(
        row.is_sensitive
          ? { key, sensitive: true, changed: true }
          : {
              key,
              old_value: row.value,
              new_value: text,
              ...(clearedKey ? { cleared: clearedKey } : {}),
            },
      );
    },
  );
  invalidateSettingsCache(deps.db);
  return getSetting(deps, key);
}

export async function initializeSettings(deps: AppDeps, actor: AdminActor) {
  const created = await audited(
    deps,
    actor,
    { action: 'initialize_settings', resource_type: 'system_setting' },
    async (trx, note) => {
      const n = await initializeDefaultSettings(trx);
      note.details({ created: n });
      return n;
    },
  );
  invalidateSettingsCache(deps.db);
  return { message: 'Default settings initialized successfully', created };
}

export async function setMaintenanceMode(
  deps: AppDeps,
  actor: AdminActor,
  input: { enabled: boolean; message: string | null; estimated_duration: string | null },
) {
  const enabled = input.enabled;
  const message = enabled ? (input.message ?? DEFAULT_MAINTENANCE_MESSAGE) : '';
  const duration = enabled ? (input.estimated_duration ?? '') : '';
  await audited(
    deps,
    actor,
    {
      action: enabled ? 'enable_maintenance' : 'disable_maintenance',
      resource_type: 'system_setting',
      resource_id: 'maintenance_mode',
      details: enabled ? { message, estimated_duration: duration || null } : {},
    },
    async (trx) => {
      for (const [key, value] of [
        ['maintenance_mode', String(enabled)],
        ['maintenance_message', message],
        ['maintenance_estimated_duration', duration],
      ] as const) {
        await writeSettingValue(trx, key, { value, adminId: actor.admin.id });
      }
    },
  );
  invalidateSettingsCache(deps.db);
  return {
    message: enabled ? 'Maintenance mode enabled' : 'Maintenance mode disabled',
    maintenance_mode: enabled,
  };
}

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d ? `${d}d ${h}h ${m}m` : h ? `${h}h ${m}m` : `${m}m ${seconds % 60}s`;
}

export async function systemStatus(deps: AppDeps): Promise<SystemStatus> {
  const m = await maintenanceStatus(deps.db);
  const uptimeSeconds = Math.floor((Date.now() - deps.startedAt.getTime()) / 1000);
  return {
    status: m.maintenance_mode ? 'maintenance' : 'operational',
    maintenance_mode: m.maintenance_mode,
    maintenance_message: m.message,
    estimated_duration: m.estimated_duration,
    system_version: SYSTEM_VERSION,
    uptime: formatUptime(uptimeSeconds),
    uptime_seconds: uptimeSeconds,
    active_users: await countActiveUsers(deps.db),
  };
}

export async function settingCategories(deps: AppDeps): Promise<SettingCategories> {
  const counts = await countSettingsByCategory(deps.db, KNOWN_KEYS);
  return {
    categories: SETTING_CATEGORIES.map((value) => ({
      value,
      label: SETTING_CATEGORY_LABELS[value],
      count: counts.find((c) => c.category === value)?.count ?? 0,
    })),
  };
}
