import type { AdminLoginResponse, LoginResponse } from './auth';
import { callThrough } from './client-call';
import type { Call, RequestOptions } from './client-core';
import type { contract } from './contract';
import { ADDRESSES } from './endpoint-addresses';
import type {
  IpRestrictionCreate,
  IpRestrictionUpdate,
  TwoFactorChallenge,
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
} from './security';

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;
type S = (typeof contract)['adminSecurity'];

/** What the password step of a sign-in answers: a session, or the second step's challenge. */
export type LoginStep<T> = T | TwoFactorChallenge;
export type UserLoginStep = LoginStep<LoginResponse>;
export type AdminLoginStep = LoginStep<AdminLoginResponse>;

export function needsSecondFactor<T extends object>(r: LoginStep<T>): r is TwoFactorChallenge {
  return 'two_factor_required' in r && r.two_factor_required === true;
}

/** The second step: the challenge and either a 6-digit code or a recovery code. */
export interface SecondFactor {
  challenge: string;
  code?: string;
  recovery_code?: string;
}

/**
 * A person's own account security, the same calls for patients (`ownSecurity`, /security) and
 * for staff (`staffOwnSecurity`, /security/admin).
 */
export function ownSecurityCalls(call: Call, group: 'ownSecurity' | 'staffOwnSecurity') {
  // Both groups declare the same schemas (contract-patient.ts, contract-admin-ops.ts).
  type Own = (typeof contract)['ownSecurity'];
  const A = ADDRESSES[group];
  return {
    status: () => call<Own['twoFactorStatus']>(A.twoFactorStatus),
    setup: () => call<Own['setupTwoFactor']>(A.setupTwoFactor),
    enable: (input: TwoFactorEnableRequest) =>
      call<Own['enableTwoFactor']>(A.enableTwoFactor, { body: input }),
    disable: (input: TwoFactorDisableRequest) =>
      call<Own['disableTwoFactor']>(A.disableTwoFactor, { body: input }),
    sessions: () => call<Own['sessions']>(A.sessions),
    revokeSession: (id: string) => call<Own['revokeSession']>(A.revokeSession, { params: { id } }),
    revokeOtherSessions: () => call<Own['revokeOtherSessions']>(A.revokeOtherSessions),
  };
}

/** Staff-only security calls: IP rules, events, sign-in attempts, figures, own password. */
export function adminSecurityCalls(request: Request) {
  const call = callThrough(request);
  const A = ADDRESSES.adminSecurity;
  return {
    ...ownSecurityCalls(call, 'staffOwnSecurity'),
    ipRules: () => call<S['ipRules']>(A.ipRules),
    addIpRule: (input: IpRestrictionCreate) => call<S['addIpRule']>(A.addIpRule, { body: input }),
    updateIpRule: (id: number, input: IpRestrictionUpdate) =>
      call<S['updateIpRule']>(A.updateIpRule, { params: { id }, body: input }),
    deleteIpRule: (id: number) => call<S['deleteIpRule']>(A.deleteIpRule, { params: { id } }),
    events: (q: Record<string, string | number | undefined> = {}) =>
      call<S['events']>(A.events, { query: q }),
    loginAttempts: (q: Record<string, string | number | boolean | undefined> = {}) =>
      call<S['loginAttempts']>(A.loginAttempts, { query: q }),
    stats: (days = 7) => call<S['stats']>(A.stats, { query: { days } }),
    /** Clears an account's recent failed sign-ins, lifting a lockout (manage_system_settings). */
    unlockAccount: (kind: 'user' | 'admin', identifier: string) =>
      call<S['unlockAccount']>(A.unlockAccount, { body: { kind, identifier } }),
    changePassword: (input: { current_password: string; new_password: string }) =>
      call<(typeof contract)['staffOwnSecurity']['changePassword']>(
        ADDRESSES.staffOwnSecurity.changePassword,
        {
          body: input,
        },
      ),
  };
}
