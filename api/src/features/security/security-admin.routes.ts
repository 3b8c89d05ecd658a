import { contract, type Paged } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { totalPages } from '../../http/list-query';
import { audited } from '../audit';
import { clearFailures } from '../../platform/security/login-throttle';
import { recordSecurityEvent } from '../../platform/security/security-events';
import { listLoginAttempts, listSecurityEvents, securityFigures } from './security-admin.repo';
import {
  createRestriction,
  deleteRestriction,
  getRestriction,
  listRestrictions,
  updateRestriction,
} from './ip-rules.service';

/** The staff security screens; who may call each is on its address (decision 080). */
const sec = contract.adminSecurity;

const paged = <T>(items: T[], total: number, q: { page: number; limit: number }): Paged<T> => ({
  items,
  total,
  page: q.page,
  limit: q.limit,
  total_pages: totalPages(total, q.limit),
});

export const securityAdminRoutes = [
  defineRoute(sec.addIpRule, ({ deps, actor, body }) => createRestriction(deps, actor, body)),
  defineRoute(sec.ipRules, async ({ deps }) => {
    const items = await listRestrictions(deps.db);
    return { items, total: items.length };
  }),
  defineRoute(sec.ipRule, ({ deps, params }) => getRestriction(deps.db, params.id)),
  defineRoute(sec.updateIpRule, ({ deps, actor, params, body }) =>
    updateRestriction(deps, actor, params.id, body),
  ),
  defineRoute(sec.deleteIpRule, ({ deps, actor, params }) => deleteRestriction(deps, actor, params.id)),
  defineRoute(sec.events, async ({ deps, query }) => {
    const { rows, total } = await listSecurityEvents(deps.db, query);
    const items = rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
    return paged(items, total, query);
  }),
  defineRoute(sec.loginAttempts, async ({ deps, query }) => {
    const { rows, total } = await listLoginAttempts(deps.db, query);
    const items = rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
    return paged(items, total, query);
  }),
  defineRoute(sec.stats, async ({ deps, query }) => {
    const since = new Date(Date.now() - query.days * 24 * 60 * 60 * 1000);
    const f = await securityFigures(deps.db, since);
    const byType = Object.fromEntries(f.byType.map((r) => [r.event_type, Number(r.n)]));
    const total = Number(f.attempts.total);
    const failed = Number(f.attempts.failed);
    return {
      days: query.days,
      since: since.toISOString(),
      total_events: Object.values(byType).reduce((a, b) => a + b, 0),
      events_by_type: byType,
      events_by_severity: Object.fromEntries(f.bySeverity.map((r) => [r.severity, Number(r.n)])),
      login_attempts: { total, failed, succeeded: total - failed },
      locked_accounts: byType.account_locked ?? 0,
      blocked_requests: byType.ip_blocked ?? 0,
      active_ip_rules: Number(f.ipRules.n),
      admins_with_2fa: Number(f.admins.with_2fa),
      admins_total: Number(f.admins.total),
      daily: f.daily.map((d) => ({
        date: d.day,
        failed_logins: Number(d.failed),
        successful_logins: Number(d.succeeded),
        events: Number(d.events),
      })),
    };
  }),
  defineRoute(sec.unlockAccount, async ({ deps, actor, body }) => {
    // Users sign in with their e-mail, stored in lower case.
    const identifier = body.kind === 'user' ? body.identifier.toLowerCase() : body.identifier;
    const cleared = await audited(
      deps,
      actor,
      { action: 'unlock_account', resource_type: body.kind, details: { identifier } },
      async (trx, note) => {
        const n = await clearFailures(trx, body.kind, identifier);
        note.details({ cleared_failures: n });
        await recordSecurityEvent(trx, {
          type: 'account_unlocked',
          subject: { kind: 'admin', id: actor.admin.id },
          ip: actor.ip,
          details: { kind: body.kind, identifier, cleared_failures: n },
        });
        return n;
      },
    );
    return { message: 'Account unlocked', cleared_failures: cleared };
  }),
];
