import type { LOGIN_ATTEMPT_SORTS, SECURITY_EVENT_SORTS } from '@reportsaathi/contracts';
import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';
import { containsText, type ListQuery } from '../../http/list-query';
import { createdWithin } from '../../http/list-sql';

/** SQL of the staff-only security screens: IP rules, events, sign-in attempts, figures. */

const ipRuleColumns = [
  'r.id',
  'r.ip_cidr',
  'r.kind',
  'r.description',
  'r.is_active',
  'r.created_by',
  'a.username as created_by_username',
  'r.expires_at',
  'r.created_at',
] as const;

export function listIpRules(db: DB) {
  return db
    .selectFrom('ip_restrictions as r')
    .leftJoin('admins as a', 'a.id', 'r.created_by')
    .select(ipRuleColumns)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

export function findIpRule(db: DB, id: number) {
  return db
    .selectFrom('ip_restrictions as r')
    .leftJoin('admins as a', 'a.id', 'r.created_by')
    .select(ipRuleColumns)
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export async function insertIpRule(
  db: DB,
  row: {
    ip_cidr: string;
    kind: 'allow' | 'block';
    description: string | null;
    created_by: number;
    expires_at: Date | null;
  },
): Promise<number> {
  const r = await db.insertInto('ip_restrictions').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateIpRule(
  db: DB,
  id: number,
  changes: Partial<{
    ip_cidr: string;
    kind: 'allow' | 'block';
    description: string | null;
    is_active: boolean;
    expires_at: Date | null;
  }>,
): Promise<boolean> {
  const r = await db.updateTable('ip_restrictions').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteIpRule(db: DB, id: number): Promise<boolean> {
  const r = await db.deleteFrom('ip_restrictions').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

const EVENT_SORTS: Record<(typeof SECURITY_EVENT_SORTS)[number], string> = {
  created_at: 'e.created_at',
  event_type: 'e.event_type',
  severity: 'e.severity',
};

export async function listSecurityEvents(
  db: DB,
  q: ListQuery<keyof typeof EVENT_SORTS> & {
    event_type?: string;
    severity?: 'low' | 'medium' | 'high' | 'critical';
    user_id?: number;
    admin_id?: number;
  },
) {
  let base = db
    .selectFrom('security_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('admins as a', 'a.id', 'e.admin_id');
  if (q.event_type) base = base.where('e.event_type', '=', q.event_type);
  if (q.severity) base = base.where('e.severity', '=', q.severity);
  if (q.user_id) base = base.where('e.user_id', '=', q.user_id);
  if (q.admin_id) base = base.where('e.admin_id', '=', q.admin_id);
  base = createdWithin(base, 'e.created_at', q);
  if (q.search) {
    const s = q.search;
    base = base.where((eb) =>
      eb.or([
        containsText('e.event_type', s),
        containsText('e.ip_address', s),
        containsText('u.email', s),
        containsText('a.username', s),
        containsText(sql`e.details::text`, s),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'e.id',
        'e.event_type',
        'e.severity',
        'e.user_id',
        'u.email as user_email',
        'e.admin_id',
        'a.username as admin_username',
        'e.ip_address',
        'e.details',
        'e.created_at',
      ])
      .orderBy(sql.ref(EVENT_SORTS[q.sort_by]), q.sort_order)
      .orderBy('e.id', q.sort_order)
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

const ATTEMPT_SORTS: Record<(typeof LOGIN_ATTEMPT_SORTS)[number], string> = {
  created_at: 'created_at',
  identifier: 'identifier',
};

export async function listLoginAttempts(
  db: DB,
  q: ListQuery<keyof typeof ATTEMPT_SORTS> & { kind?: 'user' | 'admin'; success?: boolean; ip?: string },
) {
  let base = db.selectFrom('login_attempts');
  if (q.kind) base = base.where('kind', '=', q.kind);
  if (q.success !== undefined) base = base.where('success', '=', q.success);
  if (q.ip) base = base.where('ip_address', '=', q.ip);
  base = createdWithin(base, 'created_at', q);
  if (q.search) {
    const s = q.search;
    base = base.where((eb) => eb.or([containsText('identifier', s), containsText('ip_address', s)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'kind', 'identifier', 'ip_address', 'success', 'reason', 'created_at'])
      .orderBy(sql.ref(ATTEMPT_SORTS[q.sort_by]), q.sort_order)
      .orderBy('id', q.sort_order)
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function securityFigures(db: DB, since: Date) {
  const [byType, bySeverity, attempts, daily, ipRules, admins] = await Promise.all([
    db
      .selectFrom('security_events')
      .select(['event_type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since)
      .groupBy('event_type')
      .execute(),
    db
      .selectFrom('security_events')
      .select(['severity', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since)
      .groupBy('severity')
      .execute(),
    db
      .selectFrom('login_attempts')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('success', '=', false).as('failed'),
      ])
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
    sql<{ day: string; failed: number; succeeded: number; events: number }>`
      WITH days AS (
        SELECT generate_series(date_trunc('day', ${since}::timestamptz AT TIME ZONE 'UTC'),
                               date_trunc('day', now() AT TIME ZONE 'UTC'), interval '1 day') AS day
      )
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
        (SELECT count(*) FROM login_attempts l WHERE NOT l.success
           AND l.created_at >= ${since} AND l.created_at AT TIME ZONE 'UTC' >= d.day
           AND l.created_at AT TIME ZONE 'UTC' < d.day + interval '1 day')::int AS failed,
        (SELECT count(*) FROM login_attempts l WHERE l.success
           AND l.created_at >= ${since} AND l.created_at AT TIME ZONE 'UTC' >= d.day
           AND l.created_at AT TIME ZONE 'UTC' < d.day + interval '1 day')::int AS succeeded,
        (SELECT count(*) FROM security_events e WHERE e.created_at >= ${since}
           AND e.created_at AT TIME ZONE 'UTC' >= d.day
           AND e.created_at AT TIME ZONE 'UTC' < d.day + interval '1 day')::int AS events
      FROM days d ORDER BY d.day`.execute(db),
    db
      .selectFrom('ip_restrictions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_active', '=', true)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('admins as a')
      .leftJoin('two_factor_secrets as t', (j) =>
        j.onRef('t.admin_id', '=', 'a.id').on('t.enabled', '=', true),
      )
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('t.id').as('with_2fa')])
      .where('a.is_active', '=', true)
      .executeTakeFirstOrThrow(),
  ]);
  return { byType, bySeverity, attempts, daily: daily.rows, ipRules, admins };
}
