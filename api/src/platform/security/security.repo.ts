import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';
import { decryptValue, encryptValue } from '../settings/settings-crypto';
import { settingsKey } from '../settings/settings.service';

/** All SQL of account security. Rows owned by a user or an admin are filtered by owner in the query. */

export type SubjectKind = 'user' | 'admin';
export interface Subject {
  kind: SubjectKind;
  id: number;
}
const owner = (kind: SubjectKind) => (kind === 'user' ? 'user_id' : 'admin_id');

// ---- two_factor_secrets ----

/**
 * The TOTP secret is stored encrypted with the sensitive-settings key (AES-256-GCM, decision 073),
 * so a dump of this table does not hand out working second factors (decision 082). Rows written
 * before that are still read as they are, and encrypted at the next start (`encryptPlainSecrets`).
 */
const sealSecret = (db: DB, plain: string) => encryptValue(settingsKey(db), plain);

export async function findTwoFactor(db: DB, s: Subject) {
  const row = await db
    .selectFrom('two_factor_secrets')
    .selectAll()
    .where(owner(s.kind), '=', s.id)
    .executeTakeFirst();
  if (!row) return row;
  // A secret that no longer decrypts (the key changed) matches no code: 2FA must be reset.
  return { ...row, secret: decryptValue(settingsKey(db), row.secret) ?? '' };
}

/** Encrypts the secrets still stored in plain text; returns how many. Runs at start. */
export async function encryptPlainSecrets(db: DB): Promise<number> {
  const rows = await db
    .selectFrom('two_factor_secrets')
    .select(['id', 'secret'])
    .where('secret', 'not like', 'enc:%')
    .execute();
  for (const r of rows) {
    await db
      .updateTable('two_factor_secrets')
      .set({ secret: sealSecret(db, r.secret) })
      .where('id', '=', r.id)
      .where('secret', '=', r.secret)
      .execute();
  }
  return rows.length;
}

/** A fresh, not yet enabled secret replaces any earlier unfinished setup. */
export async function saveTwoFactorSetup(db: DB, s: Subject, secret: string): Promise<void> {
  await db.deleteFrom('two_factor_secrets').where(owner(s.kind), '=', s.id).execute();
  await db
    .insertInto('two_factor_secrets')
    .values({
      user_id: s.kind === 'user' ? s.id : null,
      admin_id: s.kind === 'admin' ? s.id : null,
      secret: sealSecret(db, secret),
      enabled: false,
      backup_codes: JSON.stringify([]),
    })
    .execute();
}

export async function enableTwoFactor(db: DB, s: Subject, step: number, codeHashes: string[]) {
  const r = await db
    .updateTable('two_factor_secrets')
    .set({
      enabled: true,
      enabled_at: new Date(),
      last_used_step: step,
      backup_codes: JSON.stringify(codeHashes),
    })
    .where(owner(s.kind), '=', s.id)
    .where('enabled', '=', false)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Records an accepted code's time step, only if it is later than the last one: two requests
 * racing with the same code cannot both win.
 */
export async function claimTimeStep(db: DB, s: Subject, step: number): Promise<boolean> {
  const r = await db
    .updateTable('two_factor_secrets')
    .set({ last_used_step: step })
    .where(owner(s.kind), '=', s.id)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Removes one recovery code (by hash) if it is still there; false when it was already used. */
export async function consumeRecoveryCode(db: DB, s: Subject, hash: string): Promise<boolean> {
  const r = await db
    .updateTable('two_factor_secrets')
    .set({ backup_codes: sql`backup_codes - ${hash}::text` as never })
    .where(owner(s.kind), '=', s.id)
    .where('enabled', '=', true)
    .where(sql<boolean>`backup_codes ? ${hash}::text`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteTwoFactor(db: DB, s: Subject): Promise<void> {
  await db.deleteFrom('two_factor_secrets').where(owner(s.kind), '=', s.id).execute();
}

// ---- login_challenges ----

export async function insertChallenge(
  db: DB,
  row: {
    id: string;
    subject: Subject;
    identifier: string;
    ip: string | null;
    userAgent: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      id: row.id,
      kind: row.subject.kind,
      user_id: row.subject.kind === 'user' ? row.subject.id : null,
      admin_id: row.subject.kind === 'admin' ? row.subject.id : null,
      identifier: row.identifier,
      ip_address: row.ip,
      user_agent: row.userAgent,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** A live challenge of this kind, counting this try; null when unknown, used, expired or worn out. */
export async function takeChallengeAttempt(db: DB, id: string, kind: SubjectKind, maxAttempts: number) {
  return db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', maxAttempts)
    .returningAll()
    .executeTakeFirst();
}

export async function consumeChallenge(db: DB, id: string): Promise<boolean> {
  const r = await db
    .updateTable('login_challenges')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- sessions ----

export function listLiveSessions(db: DB, s: Subject) {
  return db
    .selectFrom('user_sessions')
    .select(['id', 'ip_address', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('kind', '=', s.kind)
    .where(owner(s.kind), '=', s.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Revokes one live session of this owner; false when the id is not theirs (or not live). */
export async function revokeOwnSession(db: DB, s: Subject, id: string): Promise<boolean> {
  const r = await db
    .updateTable('user_sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('kind', '=', s.kind)
    .where(owner(s.kind), '=', s.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function revokeOtherSessions(db: DB, s: Subject, keepId: string): Promise<number> {
  const r = await db
    .updateTable('user_sessions')
    .set({ revoked_at: new Date() })
    .where('kind', '=', s.kind)
    .where(owner(s.kind), '=', s.id)
    .where('id', '<>', keepId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// ---- security_events ----

export interface SecurityEventRow {
  event_type: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  user_id?: number | null;
  admin_id?: number | null;
  ip_address?: string | null;
  details?: Record<string, unknown>;
}

export async function insertSecurityEvent(db: DB, e: SecurityEventRow): Promise<void> {
  await db
    .insertInto('security_events')
    .values({
      event_type: e.event_type,
      severity: e.severity,
      user_id: e.user_id ?? null,
      admin_id: e.admin_id ?? null,
      ip_address: e.ip_address ?? null,
      details: JSON.stringify(e.details ?? {}),
    })
    .execute();
}
