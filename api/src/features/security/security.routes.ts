import { contract, type TwoFactorDisableRequest, type TwoFactorEnableRequest } from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import type { AdminActor, UserActor } from '../../kernel/principal';
import { defineRoute } from '../../http/route-table';
import type { Subject } from '../../platform/security/security.repo';
import { listSessions, revokeOthers, revokeSession } from './sessions.service';
import * as twoFactor from '../../platform/security/two-factor.service';
import { requireTwoFactorForAdmins } from '../../platform/security/security-settings';
import { changeAdminPassword } from './password-change';
import { reauthOf } from '../../platform/security/reauth';

/**
 * A person's own account security, the same calls for patients under /security/ (USER) and for
 * staff under /security/admin/ (any admin: every staff member manages their own second factor
 * and sessions, whatever their role).
 */
type Own = UserActor | AdminActor;

const subjectOf = (a: Own): Subject =>
  a.kind === 'user' ? { kind: 'user', id: a.user.id } : { kind: 'admin', id: a.admin.id };
const accountOf = (a: Own) => (a.kind === 'user' ? a.user.email : a.admin.username);

/** The handlers both kinds of account share; each takes the caller as `Own`. */
interface OwnCtx {
  deps: AppDeps;
  actor: Own;
}
const own = {
  setup: ({ deps, actor }: OwnCtx) =>
    twoFactor.startSetup(deps.db, subjectOf(actor), accountOf(actor), actor),
  enable: ({ deps, actor, body }: OwnCtx & { body: TwoFactorEnableRequest }) =>
    twoFactor.enable(deps.db, subjectOf(actor), reauthOf(actor), body, actor),
  disable: ({ deps, actor, body }: OwnCtx & { body: TwoFactorDisableRequest }) =>
    twoFactor.disable(deps.db, subjectOf(actor), reauthOf(actor), body, actor),
  sessions: async ({ deps, actor }: OwnCtx) => ({
    sessions: await listSessions(deps.db, subjectOf(actor), actor.sessionId),
  }),
  revokeSession: ({ deps, actor, params }: OwnCtx & { params: { id: string } }) =>
    revokeSession(deps.db, subjectOf(actor), params.id, actor),
  revokeOthers: ({ deps, actor }: OwnCtx) => revokeOthers(deps.db, subjectOf(actor), actor),
};

/** A patient's own account security (contract.ownSecurity). */
export const securityRoutes = [
  defineRoute(contract.ownSecurity.setupTwoFactor, own.setup),
  defineRoute(contract.ownSecurity.enableTwoFactor, own.enable),
  defineRoute(contract.ownSecurity.disableTwoFactor, own.disable),
  defineRoute(contract.ownSecurity.twoFactorStatus, ({ deps, actor }) =>
    twoFactor.status(deps.db, subjectOf(actor)),
  ),
  defineRoute(contract.ownSecurity.sessions, own.sessions),
  defineRoute(contract.ownSecurity.revokeSession, own.revokeSession),
  defineRoute(contract.ownSecurity.revokeOtherSessions, own.revokeOthers),
];

/** A staff member's own account security, any role (contract.staffOwnSecurity). */
export const securityOwnAdminRoutes = [
  defineRoute(contract.staffOwnSecurity.setupTwoFactor, own.setup),
  defineRoute(contract.staffOwnSecurity.enableTwoFactor, own.enable),
  defineRoute(contract.staffOwnSecurity.disableTwoFactor, own.disable),
  // Staff also learn whether the system requires two-factor sign-in of every admin.
  defineRoute(contract.staffOwnSecurity.twoFactorStatus, async ({ deps, actor }) => ({
    ...(await twoFactor.status(deps.db, subjectOf(actor))),
    required: await requireTwoFactorForAdmins(deps.db),
  })),
  defineRoute(contract.staffOwnSecurity.sessions, own.sessions),
  defineRoute(contract.staffOwnSecurity.revokeSession, own.revokeSession),
  defineRoute(contract.staffOwnSecurity.revokeOtherSessions, own.revokeOthers),
  defineRoute(contract.staffOwnSecurity.changePassword, ({ deps, actor, body }) =>
    changeAdminPassword(deps, actor, body),
  ),
];
