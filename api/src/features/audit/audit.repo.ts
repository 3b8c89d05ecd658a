import { sql, type Selectable } from 'kysely';
import type { Admin, Database, DB } from '@reportsaathi/db';
import { containsText } from '../../http/list-query';
import type { RequestInfo } from '../../kernel/principal';
import { createdWithin } from '../../http/list-sql';

export type AuditOutcome = 'success' | 'failed' | 'partial';

export interface AuditEntry {
  action: string;
  resource_type: string;
  resource_id?: string | number | null;
  success?: AuditOutcome;
  details?: Record<string, unknown>;
}

/** Who did it and from where; for a failed admin sign-in the admin may be unknown. */
export interface AuditActor extends RequestInfo {
  admin: Pick<Admin, 'id' | 'email' | 'username'> | null;
}

/** Inserts one audit row (append-only). Callers use audited() so it joins the change's transaction. */
export async function insertAudit(db: DB, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const { admin } = actor;
  await db
    .insertInto('audit_logs')
    .values({
      admin_id: admin?.id ?? null,
      admin_email: admin ? (admin.email ?? admin.username) : null,
      action: entry.action,
      resource_type: entry.resource_type,
      resource_id: entry.resource_id == null ? null : String(entry.resource_id),
      success: entry.success ?? 'success',
      ip_address: actor.ip,
      user_agent: actor.userAgent,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

// ───────────── Reading the trail (the audit screens); rows are never changed ─────────────

export interface AuditFilters {
  action?: string;
  admin_email?: string;
  resource_type?: string;
  success?: AuditOutcome;
  search?: string;
  from?: Date;
  to?: Date;
}

/**
 * The five searched columns joined by spaces: a value inside any of them is inside this text, so
 * its trigram index (migration 0110, the same expression) finds every candidate row of a search.
 */
const AUDIT_SEARCH_TEXT = sql<string>`(action || ' ' || resource_type || ' ' || coalesce(resource_id, '') || ' ' || coalesce(admin_email, '')
        || ' ' || coalesce(ip_address, ''))`;

/** The filtered trail: FROM/WHERE only, shared by the list, its count and the CSV. */
export function filteredAudit(db: DB, f: AuditFilters) {
  let q = db.selectFrom('audit_logs');
  if (f.action) q = q.where('action', '=', f.action);
  if (f.resource_type) q = q.where('resource_type', '=', f.resource_type);
  if (f.success) q = q.where('success', '=', f.success);
  if (f.admin_email) q = q.where(containsText('admin_email', f.admin_email));
  q = createdWithin(q, 'created_at', f);
  if (f.search) {
    const text = f.search;
    // The indexed joined text narrows the rows (trigram index); the ORed matches decide exactly.
    q = q.where(containsText(AUDIT_SEARCH_TEXT, text));
    q = q.where((eb) =>
      eb.or([
        containsText('action', text),
        containsText('resource_type', text),
        containsText('resource_id', text),
        containsText('admin_email', text),
        containsText('ip_address', text),
      ]),
    );
  }
  return q;
}

const AUDIT_COLUMNS = [
  'id',
  'created_at',
  'admin_id',
  'admin_email',
  'action',
  'resource_type',
  'resource_id',
  'success',
  'ip_address',
  'user_agent',
  'details',
] as const;

export type AuditRow = Pick<Selectable<Database['audit_logs']>, (typeof AUDIT_COLUMNS)[number]>;

/** Newest first; id breaks ties, so pages never overlap. */
export function listAudit(db: DB, f: AuditFilters, limit: number, offset: number): Promise<AuditRow[]> {
  return filteredAudit(db, f)
    .select(AUDIT_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * A batch of the CSV as a query (run and formatted by export-stream): rows older than the id
 * `before`, newest first, with created_at under the CSV's name `timestamp`.
 */
export function auditExportRows(db: DB, f: AuditFilters, before: number | undefined, size: number) {
  // Keyed on id alone: timestamps carry microseconds that a JS Date drops, so a (created_at, id)
  // key read back from JS would never move past its batch.
  let q = filteredAudit(db, f).select([...AUDIT_COLUMNS, 'created_at as timestamp']);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(size);
}

export function findAudit(db: DB, id: number): Promise<AuditRow | undefined> {
  return db.selectFrom('audit_logs').select(AUDIT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The distinct values of an indexed column without reading every row: a loose index scan
 * (each step jumps to the next larger value), a few milliseconds on a million rows.
 */
export async function distinctAuditValues(db: DB, column: 'action' | 'resource_type'): Promise<string[]> {
  const col = sql.ref(column);
  const result = await sql<{ v: string }>`
    WITH RECURSIVE t(v) AS (
      (SELECT ${col} FROM audit_logs ORDER BY ${col} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${col} FROM audit_logs WHERE ${col} > t.v ORDER BY ${col} LIMIT 1)
      FROM t WHERE t.v IS NOT NULL
    )
    SELECT v FROM t WHERE v IS NOT NULL`.execute(db);
  return result.rows.map((r) => r.v);
}

/**
 * Totals of the window and the most active admins in it, from one pass over the window: counts
 * per admin e-mail (a few dozen groups), summed for the totals. The rows come from an index-only
 * scan of (created_at) INCLUDE (success, admin_email) (migration 0110); two passes, one for the
 * totals and one for the top admins, each read the window's rows from the table (decision 077).
 */
export async function auditStats(db: DB, since: Date) {
  const groups = await db
    .selectFrom('audit_logs')
    .select((eb) => [
      'admin_email',
      eb.fn.countAll<number>().as('count'),
      eb.fn.countAll<number>().filterWhere('success', '=', 'failed').as('failed'),
    ])
    .where('created_at', '>=', since)
    .groupBy('admin_email')
    .orderBy('count', 'desc')
    .orderBy('admin_email')
    .execute();
  const totals = {
    total: groups.reduce((n, g) => n + Number(g.count), 0),
    failed: groups.reduce((n, g) => n + Number(g.failed), 0),
  };
  const top = groups
    .filter((g): g is typeof g & { admin_email: string } => g.admin_email !== null)
    .slice(0, 5)
    .map((g) => ({ admin_email: g.admin_email, count: Number(g.count) }));
  return { totals, top };
}
