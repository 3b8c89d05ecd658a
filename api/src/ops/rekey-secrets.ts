import { sql } from 'kysely';
import { transaction, type DB } from '@reportsaathi/db';
import { BOOTSTRAP_LOCK_KEY } from '../bootstrap/bootstrap-lock';
import { decryptValue, encryptValue, isEncrypted } from '../platform/settings/settings-crypto';

/**
 * Re-encrypts every value sealed with the sensitive-settings key (decision 073): sensitive
 * settings (API keys, payment secrets) and TOTP secrets (decision 082), from the old key to the
 * new one, in one transaction. If any value does not decrypt with the old key (a wrong old key,
 * or a value sealed under some earlier key), nothing is changed: re-keying the rest would leave
 * that value readable by no key at all, and the operator would not know which. Decision 085.
 */
export class RekeyRefused extends Error {
  constructor(readonly unreadable: string[]) {
    super(
      `Nothing was changed: ${unreadable.length} value(s) do not decrypt with the old key: ${unreadable.join(', ')}. ` +
        'Check OLD_SETTINGS_ENCRYPTION_KEY (it must be the key the running product uses).',
    );
    this.name = 'RekeyRefused';
  }
}

export interface RekeyResult {
  settings: number;
  totpSecrets: number;
}

export async function rekeySecrets(db: DB, oldKey: Buffer, newKey: Buffer): Promise<RekeyResult> {
  return transaction(db, async (trx) => {
    // A process starting meanwhile encrypts plain TOTP secrets under this lock (encryptPlainSecrets):
    // it waits for the re-key instead of sealing a secret with the old key halfway through.
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`.execute(trx);
    const settings = await trx
      .selectFrom('system_settings')
      .select(['key', 'value'])
      .where('value', 'like', 'enc:%')
      .forUpdate()
      .execute();
    const secrets = await trx
      .selectFrom('two_factor_secrets')
      .select(['id', 'user_id', 'admin_id', 'secret'])
      .where('secret', 'like', 'enc:%')
      .forUpdate()
      .execute();

    const unreadable: string[] = [];
    const open = (stored: string, name: string): string | null => {
      const plain = isEncrypted(stored) ? decryptValue(oldKey, stored) : null;
      if (plain === null) unreadable.push(name);
      return plain;
    };
    // Names only (a setting's key, whose 2FA secret), never a value.
    const settingPlain = settings.map((s) => open(s.value!, `setting ${s.key}`));
    const secretPlain = secrets.map((s) =>
      open(s.secret, `2FA secret of ${s.user_id != null ? `user ${s.user_id}` : `admin ${s.admin_id}`}`),
    );
    if (unreadable.length) throw new RekeyRefused(unreadable);

    for (const [i, s] of settings.entries())
      await trx
        .updateTable('system_settings')
        .set({ value: encryptValue(newKey, settingPlain[i]!) })
        .where('key', '=', s.key)
        .execute();
    for (const [i, s] of secrets.entries())
      await trx
        .updateTable('two_factor_secrets')
        .set({ secret: encryptValue(newKey, secretPlain[i]!) })
        .where('id', '=', s.id)
        .execute();
    return { settings: settings.length, totpSecrets: secrets.length };
  });
}
