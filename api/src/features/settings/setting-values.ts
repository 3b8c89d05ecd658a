import { MASKED_VALUE, type SettingValue, type SystemSetting } from '@reportsaathi/contracts';
import { badRequest } from '../../kernel/errors';
import type { SettingDefault } from '../../platform/settings/settings.defaults';
import type { SettingRow } from '../../platform/settings/settings.repo';

/**
 * Turns what an admin sends into the stored text of a setting, by its data type: booleans
 * from true/false (or the text 'true'/'false'), whole numbers, numbers, JSON (a form sends the
 * JSON text; its parse error is the answer's detail) and text. Anything else is a 400 that
 * names the setting and what it takes; nothing is written.
 */
export function toStoredValue(def: SettingDefault, input: unknown): string | null {
  const name = def.key;
  if (input === null) {
    if (def.is_sensitive || def.data_type === 'string') return def.is_sensitive ? null : '';
    throw badRequest(`Value for ${name} is required`);
  }
  switch (def.data_type) {
    case 'boolean': {
      const t = typeof input === 'string' ? input.trim().toLowerCase() : input;
      if (t === true || t === 'true') return 'true';
      if (t === false || t === 'false') return 'false';
      throw badRequest(`Value for ${name} must be true or false`);
    }
    case 'integer': {
      const n = typeof input === 'string' && /^\s*-?\d+\s*$/.test(input) ? Number(input) : input;
      if (typeof n !== 'number' || !Number.isSafeInteger(n))
        throw badRequest(`Value for ${name} must be a whole number`);
      return String(inRange(def, n));
    }
    case 'float': {
      const n = typeof input === 'string' && input.trim() !== '' ? Number(input) : input;
      if (typeof n !== 'number' || !Number.isFinite(n))
        throw badRequest(`Value for ${name} must be a number`);
      return String(inRange(def, n));
    }
    case 'json': {
      let parsed: unknown = input;
      if (typeof input === 'string') {
        try {
          parsed = JSON.parse(input);
        } catch (err) {
          throw badRequest(`Invalid JSON: ${(err as Error).message}`);
        }
      }
      const problem = def.check?.(parsed);
      if (problem) throw badRequest(problem);
      return JSON.stringify(parsed);
    }
    default: {
      if (typeof input !== 'string') throw badRequest(`Value for ${name} must be text`);
      const text = input.trim();
      if (text.length > 2000) throw badRequest(`Value for ${name} must be at most 2000 characters`);
      if (def.allowed && !def.allowed.includes(text))
        throw badRequest(`Value for ${name} must be one of: ${def.allowed.join(', ')}`);
      return text;
    }
  }
}

function inRange(def: SettingDefault, n: number): number {
  if (def.min !== undefined && n < def.min)
    throw badRequest(`Value for ${def.key} must be at least ${def.min}`);
  if (def.max !== undefined && n > def.max)
    throw badRequest(`Value for ${def.key} must be at most ${def.max}`);
  return n;
}

/** The stored text as a typed value (the stored text when it no longer converts). */
function typed(row: Pick<SettingRow, 'data_type'>, text: string | null): SettingValue {
  if (text === null) return null;
  switch (row.data_type) {
    case 'boolean':
      return text === 'true';
    case 'integer':
    case 'float': {
      const n = Number(text);
      return text.trim() !== '' && Number.isFinite(n) ? n : text;
    }
    case 'json':
      try {
        return JSON.parse(text) as SettingValue;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** A setting as every answer shows it: sensitive values that are set are bullets, always. */
export function toSystemSetting(row: SettingRow): SystemSetting {
  const masked = row.is_sensitive && row.value !== null && row.value !== '';
  return {
    id: row.id,
    key: row.key,
    value: masked ? MASKED_VALUE : typed(row, row.value),
    data_type: row.data_type,
    category: row.category,
    description: row.description,
    requires_restart: row.requires_restart,
    is_sensitive: row.is_sensitive,
    last_modified_by: row.modified_by_email,
    last_modified_at: row.last_modified_at ? row.last_modified_at.toISOString() : null,
  };
}
