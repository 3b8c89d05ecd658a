// @ts-nocheck
function stryNS_9fa48() {
  var g = typeof globalThis === 'object' && globalThis && globalThis.Math === Math && globalThis || new Function("return this")();
  var ns = g.__stryker__ || (g.__stryker__ = {});
  if (ns.activeMutant === undefined && g.process && g.process.env && g.process.env.__STRYKER_ACTIVE_MUTANT__) {
    ns.activeMutant = g.process.env.__STRYKER_ACTIVE_MUTANT__;
  }
  function retrieveNS() {
    return ns;
  }
  stryNS_9fa48 = retrieveNS;
  return retrieveNS();
}
stryNS_9fa48();
function stryCov_9fa48() {
  var ns = stryNS_9fa48();
  var cov = ns.mutantCoverage || (ns.mutantCoverage = {
    static: {},
    perTest: {}
  });
  function cover() {
    var c = cov.static;
    if (ns.currentTestId) {
      c = cov.perTest[ns.currentTestId] = cov.perTest[ns.currentTestId] || {};
    }
    var a = arguments;
    for (var i = 0; i < a.length; i++) {
      c[a[i]] = (c[a[i]] || 0) + 1;
    }
  }
  stryCov_9fa48 = cover;
  cover.apply(null, arguments);
}
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  function isActive(id) {
    if (ns.activeMutant === id) {
      if (ns.hitCount !== void 0 && ++ns.hitCount > ns.hitLimit) {
        throw new Error('Stryker: Hit count limit reached (' + ns.hitCount + ')');
      }
      return true;
    }
    return false;
  }
  stryMutAct_9fa48 = isActive;
  return isActive(id);
}
import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';

/** All SQL of the guest analyzer. A guest sees only the reports of its own live session. */

export function insertGuestSession(db: DB, row: {
  id: string;
  ip_address: string | null;
  user_agent: string | null;
  expires_at: Date;
}) {
  return db.insertInto('guest_sessions').values(row).returningAll().executeTakeFirstOrThrow();
}
export function findLiveGuestSession(db: DB, id: string) {
  return db.selectFrom('guest_sessions').selectAll().where('id', '=', id).where('expires_at', '>', new Date()).executeTakeFirst();
}

// "A day" is the calendar day in India (Asia/Kolkata), so the allowance resets at midnight IST.
const startOfIndianDay = sql<Date>`(date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')`;

/** Today's uploads or analyses by this session and by this IP (the larger one counts). */
export async function countUsageToday(db: DB, kind: 'upload' | 'analysis', sessionId: string, ip: string | null) {
  if (stryMutAct_9fa48("16")) {
    {}
  } else {
    stryCov_9fa48("16");
    const row = await db.selectFrom(stryMutAct_9fa48("17") ? "" : (stryCov_9fa48("17"), 'guest_usage')).select(stryMutAct_9fa48("18") ? () => undefined : (stryCov_9fa48("18"), eb => stryMutAct_9fa48("19") ? [] : (stryCov_9fa48("19"), [eb.fn.count<number>(stryMutAct_9fa48("20") ? "" : (stryCov_9fa48("20"), 'id')).filterWhere(stryMutAct_9fa48("21") ? "" : (stryCov_9fa48("21"), 'guest_session_id'), stryMutAct_9fa48("22") ? "" : (stryCov_9fa48("22"), '='), sessionId).as(stryMutAct_9fa48("23") ? "" : (stryCov_9fa48("23"), 'by_session')), eb.fn.count<number>(stryMutAct_9fa48("24") ? "" : (stryCov_9fa48("24"), 'id')).filterWhere(stryMutAct_9fa48("25") ? "" : (stryCov_9fa48("25"), 'ip_address'), stryMutAct_9fa48("26") ? "" : (stryCov_9fa48("26"), '='), stryMutAct_9fa48("27") ? ip && '' : (stryCov_9fa48("27"), ip ?? (stryMutAct_9fa48("28") ? "Stryker was here!" : (stryCov_9fa48("28"), '')))).as(stryMutAct_9fa48("29") ? "" : (stryCov_9fa48("29"), 'by_ip'))]))).where(stryMutAct_9fa48("30") ? "" : (stryCov_9fa48("30"), 'kind'), stryMutAct_9fa48("31") ? "" : (stryCov_9fa48("31"), '='), kind).where(stryMutAct_9fa48("32") ? "" : (stryCov_9fa48("32"), 'created_at'), stryMutAct_9fa48("33") ? "" : (stryCov_9fa48("33"), '>='), startOfIndianDay).executeTakeFirstOrThrow();
    return stryMutAct_9fa48("34") ? Math.min(row.by_session, row.by_ip) : (stryCov_9fa48("34"), Math.max(row.by_session, row.by_ip));
  }
}
export async function recordUsage(db: DB, row: {
  guest_session_id: string;
  ip_address: string | null;
  kind: 'upload' | 'analysis';
  report_id: number | null;
}) {
  await db.insertInto('guest_usage').values(row).execute();
}
export async function analysisCounted(db: DB, reportId: number): Promise<boolean> {
  const row = await db.selectFrom('guest_usage').select('id').where('report_id', '=', reportId).where('kind', '=', 'analysis').executeTakeFirst();
  return !!row;
}
export function findGuestReport(db: DB, sessionId: string, reportId: number) {
  return db.selectFrom('reports').selectAll().where('id', '=', reportId).where('guest_session_id', '=', sessionId).where('status', '!=', 'deleted').executeTakeFirst();
}
export function listGuestReports(db: DB, sessionId: string) {
  return db.selectFrom('reports').selectAll().where('guest_session_id', '=', sessionId).where('status', '!=', 'deleted').orderBy('created_at', 'desc').execute();
}
export function guestReportsOlderThan(db: DB, cutoff: Date) {
  return db.selectFrom('reports').select(['id', 'storage_key']).where('guest_session_id', 'is not', null).where('user_id', 'is', null).where('created_at', '<', cutoff).execute();
}
export async function deleteReportsByIds(db: DB, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('reports').where('id', 'in', ids).execute();
}

/** Sessions that have expired and hold no reports any more. */
export async function deleteExpiredSessions(db: DB): Promise<number> {
  const res = await db.deleteFrom('guest_sessions').where('expires_at', '<', new Date()).where(({
    not,
    exists,
    selectFrom
  }) => not(exists(selectFrom('reports').select('reports.id').whereRef('reports.guest_session_id', '=', 'guest_sessions.id')))).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Usage rows older than two days are never counted again. */
export async function pruneUsage(db: DB): Promise<void> {
  await db.deleteFrom('guest_usage').where('created_at', '<', sql<Date>`now() - interval '2 days'`).execute();
}