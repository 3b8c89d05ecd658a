import {
  contract,
  changePasswordRequest,
  sessionParams,
  twoFactorDisableRequest,
  twoFactorEnableRequest,
} from '@reportsaathi/contracts';
import type { AdminActor, UserActor } from '../../kernel/principal';
import { defineRoute } from '../../http/route-table';
import { ADMIN, type Access } from '../../kernel/access';
import type { Subject } from '../../platform/security/security.repo';
import { listSessions, revokeOthers, revokeSession, SESSION_NOT_FOUND } from './sessions.service';
import * as twoFactor from '../../platform/security/two-factor.service';
import { requireTwoFactorForAdmins } from '../../platform/security/security-settings';
import { changeAdminPassword } from './password-change';

/**
 * A person's own account security, the same calls for patients under /security/ (USER) and for
 * staff under /security/admin/ (any admin: every staff member manages their own second factor
 * and sessions, whatever their role).
 */
type Own = UserActor | AdminActor;

const subjectOf = (a: Own): Subject =>
  a.kind === 'user' ? { kind: 'user', id: a.user.id } : { kind: 'admin', id: a.admin.id };
const accountOf = (a: Own) => (a.kind === 'user' ? a.user.email : a.admin.username);
const passwordHashOf = (a: Own) => (a.kind === 'user' ? a.user.password_hash : a.admin.password_hash);

function ownSecurityRoutes(prefix: string, access: Access) {
  return [
    defineRoute({
      method: 'post',
      path: `${prefix}/2fa/setup`,
      access,
      exemptFromTwoFactorRequirement: true,
      handler: ({ deps, actor }) =>
        twoFactor.startSetup(deps.db, subjectOf(actor as Own), accountOf(actor as Own), actor),
    }),
    defineRoute({
      method: 'post',
      path: `${prefix}/2fa/enable`,
      access,
      body: twoFactorEnableRequest,
      exemptFromTwoFactorRequirement: true,
      handler: ({ deps, actor, body }) =>
        twoFactor.enable(deps.db, subjectOf(actor as Own), passwordHashOf(actor as Own), body, actor),
    }),
    defineRoute({
      method: 'post',
      path: `${prefix}/2fa/disable`,
      access,
      body: twoFactorDisableRequest,
      handler: ({ deps, actor, body }) =>
        twoFactor.disable(deps.db, subjectOf(actor as Own), passwordHashOf(actor as Own), body, actor),
    }),
    defineRoute({
      method: 'get',
      path: `${prefix}/2fa/status`,
      access,
      exemptFromTwoFactorRequirement: true,
      handler: async ({ deps, actor }) => {
        const own = actor as Own;
        const s = await twoFactor.status(deps.db, subjectOf(own));
        return own.kind === 'admin' ? { ...s, required: await requireTwoFactorForAdmins(deps.db) } : s;
      },
    }),
    defineRoute({
      method: 'get',
      path: `${prefix}/sessions`,
      access,
      exemptFromTwoFactorRequirement: true,
      handler: async ({ deps, actor }) => ({
        sessions: await listSessions(deps.db, subjectOf(actor as Own), (actor as Own).sessionId),
      }),
    }),
    defineRoute({
      method: 'delete',
      path: `${prefix}/sessions/:id`,
      access,
      params: sessionParams,
      notFound: SESSION_NOT_FOUND,
      exemptFromTwoFactorRequirement: true,
      handler: ({ deps, actor, params }) =>
        revokeSession(deps.db, subjectOf(actor as Own), params.id, actor as Own),
    }),
    defineRoute({
      method: 'delete',
      path: `${prefix}/sessions`,
      access,
      exemptFromTwoFactorRequirement: true,
      handler: ({ deps, actor }) => revokeOthers(deps.db, subjectOf(actor as Own), actor as Own),
    }),
  ];
}

/** A patient's own account security (contract.ownSecurity). */
export const securityRoutes = [
  defineRoute(contract.ownSecurity.setupTwoFactor, ({ deps, actor }) =>
    twoFactor.startSetup(deps.db, subjectOf(actor), accountOf(actor), actor),
  ),
  defineRoute(contract.ownSecurity.enableTwoFactor, ({ deps, actor, body }) =>
    twoFactor.enable(deps.db, subjectOf(actor), passwordHashOf(actor), body, actor),
  ),
  defineRoute(contract.ownSecurity.disableTwoFactor, ({ deps, actor, body }) =>
    twoFactor.disable(deps.db, subjectOf(actor), passwordHashOf(actor), body, actor),
  ),
  defineRoute(contract.ownSecurity.twoFactorStatus, ({ deps, actor }) =>
    twoFactor.status(deps.db, subjectOf(actor)),
  ),
  defineRoute(contract.ownSecurity.sessions, async ({ deps, actor }) => ({
    sessions: await listSessions(deps.db, subjectOf(actor), actor.sessionId),
  })),
  defineRoute(contract.ownSecurity.revokeSession, ({ deps, actor, params }) =>
    revokeSession(deps.db, subjectOf(actor), params.id, actor),
  ),
  defineRoute(contract.ownSecurity.revokeOtherSessions, ({ deps, actor }) =>
    revokeOthers(deps.db, subjectOf(actor), actor),
  ),
];
export const securityOwnAdminRoutes = [
  ...ownSecurityRoutes('/security/admin', ADMIN()),
  // Staff change their own password here (patients use /user/change-password); any role may.
  defineRoute({
    method: 'post',
    path: '/security/admin/change-password',
    access: ADMIN(),
    body: changePasswordRequest,
    handler: ({ deps, actor, body }) => changeAdminPassword(deps, actor, body),
  }),
];
