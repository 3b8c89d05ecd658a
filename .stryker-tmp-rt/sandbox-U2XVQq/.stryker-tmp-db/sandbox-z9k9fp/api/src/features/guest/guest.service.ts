// @ts-nocheck
// 
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
import { randomUUID } from 'node:crypto';
import type { GuestRateLimits, GuestReport } from '@reportsaathi/contracts';
import { GUEST_MESSAGES } from '@reportsaathi/contracts';
import { transaction, type Report, type ReportValueRow } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { AppError } from '../../http/errors';
import { deleteScheduledFiles, scheduleFileDeletions } from '../../storage/file-deletions';
import { getIntSetting } from '../settings/settings.service';
import { toValueView } from '../reports/report-view';
import { countUsageToday, deleteExpiredSessions, deleteReportsByIds, guestReportsOlderThan, insertGuestSession, pruneUsage } from './guest.repo';
export async function createGuestSession(deps: AppDeps, meta: {
  ip: string | null;
  userAgent: string | null;
}) {
  if (stryMutAct_9fa48("35")) {
    {}
  } else {
    stryCov_9fa48("35");
    const hours = await getIntSetting(deps.db, stryMutAct_9fa48("36") ? "" : (stryCov_9fa48("36"), 'guest_session_hours'));
    return insertGuestSession(deps.db, stryMutAct_9fa48("37") ? {} : (stryCov_9fa48("37"), {
      id: randomUUID(),
      ip_address: meta.ip,
      user_agent: stryMutAct_9fa48("38") ? meta.userAgent?.slice(0, 500) && null : (stryCov_9fa48("38"), (stryMutAct_9fa48("40") ? meta.userAgent.slice(0, 500) : stryMutAct_9fa48("39") ? meta.userAgent : (stryCov_9fa48("39", "40"), meta.userAgent?.slice(0, 500))) ?? null),
      expires_at: new Date(stryMutAct_9fa48("41") ? Date.now() - hours * 3_600_000 : (stryCov_9fa48("41"), Date.now() + (stryMutAct_9fa48("42") ? hours / 3_600_000 : (stryCov_9fa48("42"), hours * 3_600_000))))
    }));
  }
}

/** Daily allowances from system settings, counted per session and per client IP. */
export async function rateLimits(deps: AppDeps, sessionId: string, ip: string | null): Promise<GuestRateLimits> {
  if (stryMutAct_9fa48("43")) {
    {}
  } else {
    stryCov_9fa48("43");
    const [uploadsLimit, analysesLimit, uploads, analyses] = await Promise.all(stryMutAct_9fa48("44") ? [] : (stryCov_9fa48("44"), [getIntSetting(deps.db, stryMutAct_9fa48("45") ? "" : (stryCov_9fa48("45"), 'guest_daily_uploads')), getIntSetting(deps.db, stryMutAct_9fa48("46") ? "" : (stryCov_9fa48("46"), 'guest_daily_analyses')), countUsageToday(deps.db, stryMutAct_9fa48("47") ? "" : (stryCov_9fa48("47"), 'upload'), sessionId, ip), countUsageToday(deps.db, stryMutAct_9fa48("48") ? "" : (stryCov_9fa48("48"), 'analysis'), sessionId, ip)]));
    const uploadsRemaining = stryMutAct_9fa48("49") ? Math.min(0, uploadsLimit - uploads) : (stryCov_9fa48("49"), Math.max(0, stryMutAct_9fa48("50") ? uploadsLimit + uploads : (stryCov_9fa48("50"), uploadsLimit - uploads)));
    const analysesRemaining = stryMutAct_9fa48("51") ? Math.min(0, analysesLimit - analyses) : (stryCov_9fa48("51"), Math.max(0, stryMutAct_9fa48("52") ? analysesLimit + analyses : (stryCov_9fa48("52"), analysesLimit - analyses)));
    return stryMutAct_9fa48("53") ? {} : (stryCov_9fa48("53"), {
      can_upload: stryMutAct_9fa48("57") ? uploadsRemaining <= 0 : stryMutAct_9fa48("56") ? uploadsRemaining >= 0 : stryMutAct_9fa48("55") ? false : stryMutAct_9fa48("54") ? true : (stryCov_9fa48("54", "55", "56", "57"), uploadsRemaining > 0),
      can_analyze: stryMutAct_9fa48("61") ? analysesRemaining <= 0 : stryMutAct_9fa48("60") ? analysesRemaining >= 0 : stryMutAct_9fa48("59") ? false : stryMutAct_9fa48("58") ? true : (stryCov_9fa48("58", "59", "60", "61"), analysesRemaining > 0),
      uploads_remaining: uploadsRemaining,
      analyses_remaining: analysesRemaining,
      uploads_limit: uploadsLimit,
      analyses_limit: analysesLimit
    });
  }
}
export function assertCanUpload(limits: GuestRateLimits): void {
  if (stryMutAct_9fa48("62")) {
    {}
  } else {
    stryCov_9fa48("62");
    if (stryMutAct_9fa48("65") ? false : stryMutAct_9fa48("64") ? true : stryMutAct_9fa48("63") ? limits.can_upload : (stryCov_9fa48("63", "64", "65"), !limits.can_upload)) throw new AppError(429, GUEST_MESSAGES.uploadLimit(limits.uploads_remaining));
  }
}
export function assertCanAnalyze(limits: GuestRateLimits): void {
  if (stryMutAct_9fa48("66")) {
    {}
  } else {
    stryCov_9fa48("66");
    if (stryMutAct_9fa48("69") ? false : stryMutAct_9fa48("68") ? true : stryMutAct_9fa48("67") ? limits.can_analyze : (stryCov_9fa48("67", "68", "69"), !limits.can_analyze)) throw new AppError(429, GUEST_MESSAGES.analysisLimit(limits.analyses_remaining));
  }
}

/** The guest's view of a report, with its stored values. */
export function toGuestReport(r: Report, values: ReportValueRow[]): GuestReport {
  if (stryMutAct_9fa48("70")) {
    {}
  } else {
    stryCov_9fa48("70");
    return stryMutAct_9fa48("71") ? {} : (stryCov_9fa48("71"), {
      id: r.id,
      original_filename: r.original_filename,
      status: r.status,
      summary: r.summary,
      key_findings: stryMutAct_9fa48("72") ? r.key_findings && [] : (stryCov_9fa48("72"), r.key_findings ?? (stryMutAct_9fa48("73") ? ["Stryker was here"] : (stryCov_9fa48("73"), []))),
      recommendations: stryMutAct_9fa48("74") ? r.recommendations && [] : (stryCov_9fa48("74"), r.recommendations ?? (stryMutAct_9fa48("75") ? ["Stryker was here"] : (stryCov_9fa48("75"), []))),
      confidence_score: r.confidence_score,
      report_type: r.report_type,
      file_size: r.file_size,
      error_message: r.error_message,
      created_at: r.created_at.toISOString(),
      completed_at: stryMutAct_9fa48("76") ? r.processing_completed_at?.toISOString() && null : (stryCov_9fa48("76"), (stryMutAct_9fa48("77") ? r.processing_completed_at.toISOString() : (stryCov_9fa48("77"), r.processing_completed_at?.toISOString())) ?? null),
      values: values.map(toValueView)
    });
  }
}

/** The scheduled clean-up: guest reports and their files go 48 hours (setting) after upload. */
export async function deleteExpiredGuestData(deps: AppDeps): Promise<{
  reports: number;
  sessions: number;
}> {
  if (stryMutAct_9fa48("78")) {
    {}
  } else {
    stryCov_9fa48("78");
    const hours = await getIntSetting(deps.db, stryMutAct_9fa48("79") ? "" : (stryCov_9fa48("79"), 'guest_report_retention_hours'));
    const old = await guestReportsOlderThan(deps.db, new Date(stryMutAct_9fa48("80") ? Date.now() + hours * 3_600_000 : (stryCov_9fa48("80"), Date.now() - (stryMutAct_9fa48("81") ? hours / 3_600_000 : (stryCov_9fa48("81"), hours * 3_600_000)))));
    const keys = old.map(stryMutAct_9fa48("82") ? () => undefined : (stryCov_9fa48("82"), r => r.storage_key));
    await transaction(deps.db, async trx => {
      if (stryMutAct_9fa48("83")) {
        {}
      } else {
        stryCov_9fa48("83");
        await deleteReportsByIds(trx, old.map(stryMutAct_9fa48("84") ? () => undefined : (stryCov_9fa48("84"), r => r.id)));
        await scheduleFileDeletions(trx, keys);
      }
    });
    await deleteScheduledFiles(deps, keys);
    const sessions = await deleteExpiredSessions(deps.db);
    await pruneUsage(deps.db);
    return stryMutAct_9fa48("85") ? {} : (stryCov_9fa48("85"), {
      reports: old.length,
      sessions
    });
  }
}