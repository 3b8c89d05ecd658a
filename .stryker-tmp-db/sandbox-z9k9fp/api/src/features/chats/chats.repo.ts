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
import type { DB } from '@reportsaathi/db';
export function insertChat(db: DB, row: {
  user_id: number;
  report_id: number;
  message: string;
  response: string;
  language: 'en' | 'hi';
  ai_model_used: string;
  tokens_used: number;
  processing_time_seconds: number;
  confidence_score: number;
  is_flagged?: boolean;
  flag_reason?: string | null;
  moderation_status?: 'pending' | null;
}) {
  return db.insertInto('chats').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The user's chats about one of their reports, oldest first (owner in the query). */
export function listReportChats(db: DB, userId: number, reportId: number) {
  if (stryMutAct_9fa48("0")) {
    {}
  } else {
    stryCov_9fa48("0");
    return db.selectFrom(stryMutAct_9fa48("1") ? "" : (stryCov_9fa48("1"), 'chats')).selectAll().where(stryMutAct_9fa48("2") ? "" : (stryCov_9fa48("2"), 'user_id'), stryMutAct_9fa48("3") ? "" : (stryCov_9fa48("3"), '='), userId).where(stryMutAct_9fa48("4") ? "" : (stryCov_9fa48("4"), 'report_id'), stryMutAct_9fa48("5") ? "" : (stryCov_9fa48("5"), '='), reportId).orderBy(stryMutAct_9fa48("6") ? "" : (stryCov_9fa48("6"), 'created_at'), stryMutAct_9fa48("7") ? "" : (stryCov_9fa48("7"), 'asc')).orderBy(stryMutAct_9fa48("8") ? "" : (stryCov_9fa48("8"), 'id'), stryMutAct_9fa48("9") ? "" : (stryCov_9fa48("9"), 'asc')).execute();
  }
}
export function findUserChat(db: DB, userId: number, chatId: number) {
  if (stryMutAct_9fa48("10")) {
    {}
  } else {
    stryCov_9fa48("10");
    return db.selectFrom(stryMutAct_9fa48("11") ? "" : (stryCov_9fa48("11"), 'chats')).selectAll().where(stryMutAct_9fa48("12") ? "" : (stryCov_9fa48("12"), 'id'), stryMutAct_9fa48("13") ? "" : (stryCov_9fa48("13"), '='), chatId).where(stryMutAct_9fa48("14") ? "" : (stryCov_9fa48("14"), 'user_id'), stryMutAct_9fa48("15") ? "" : (stryCov_9fa48("15"), '='), userId).executeTakeFirst();
  }
}
export async function setChatFeedback(db: DB, chatId: number, rating: 'helpful' | 'not_helpful' | 'irrelevant'): Promise<void> {
  await db.updateTable('chats').set({
    user_feedback: rating,
    updated_at: new Date()
  }).where('id', '=', chatId).execute();
}