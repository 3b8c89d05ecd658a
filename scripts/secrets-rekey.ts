import { ConfigError, readEnv } from '../api/src/env';
import { rekeySecrets, RekeyRefused } from '../api/src/ops/rekey-secrets';
import { deriveKey } from '../api/src/platform/settings/settings-crypto';
import { resolveSecretKeys } from '../api/src/bootstrap/secret-keys';
import { openDatabase } from './lib/open-database';
import { runScript } from './lib/run-script';

/**
 * `npm run secrets:rekey`: re-encrypts the sensitive settings and TOTP secrets from
 * OLD_SETTINGS_ENCRYPTION_KEY to NEW_SETTINGS_ENCRYPTION_KEY in one transaction, refusing (and
 * changing nothing) if any value does not decrypt with the old key. Without
 * OLD_SETTINGS_ENCRYPTION_KEY the old key is the one the product runs with: SETTINGS_ENCRYPTION_KEY,
 * else the key file (DATA_DIR/secret-keys.json or KEY_FILE, decision 120). Then set
 * SETTINGS_ENCRYPTION_KEY to the new key and restart every process. Decision 085.
 */
async function main(): Promise<number> {
  const env = readEnv();
  const oldText = process.env.OLD_SETTINGS_ENCRYPTION_KEY?.trim() || null;
  const newText = process.env.NEW_SETTINGS_ENCRYPTION_KEY?.trim() ?? '';
  if (newText.length < 32)
    throw new ConfigError('NEW_SETTINGS_ENCRYPTION_KEY must be set, at least 32 characters');
  if (oldText !== null && oldText.length < 32)
    throw new ConfigError('OLD_SETTINGS_ENCRYPTION_KEY must be at least 32 characters');
  const database = await openDatabase(env);
  try {
    let old: string | null = oldText;
    if (old === null) {
      old = (await resolveSecretKeys(database.db, env)).settingsKey;
      console.log('Old key: the one the product runs with (SETTINGS_ENCRYPTION_KEY or the key file).');
    }
    if (old === newText) throw new ConfigError('The new key is the same as the old key');
    const result = await rekeySecrets(database.db, deriveKey(old), deriveKey(newText));
    console.log(
      `Re-encrypted ${result.settings} sensitive setting(s) and ${result.totpSecrets} 2FA secret(s) in ${database.description}.`,
    );
    console.log(
      'Now set SETTINGS_ENCRYPTION_KEY to the new key and restart every process (running ones still hold the old key).',
    );
    return 0;
  } finally {
    await database.close();
  }
}

runScript(main, 'Re-keying the encrypted settings', [RekeyRefused]);
