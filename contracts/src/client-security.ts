import type { AdminLoginResponse, LoginResponse } from './auth';
import { callThrough } from './client-call';
import type { Call, RequestOptions } from './client-core';
import type { contract } from './contract';
import { ADDRESSES } from './endpoint-addresses';
import type {
  IpRestrictionCreate,
  IpRestrictionUpdate,
  SessionInfo,
  TwoFactorChallenge,
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
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

type Own = (typeof contract)['ownSecurity'];

/** A patient's own account security (contract.ownSecurity); staff have the same calls below. */
export function userSecurityCalls(call: Call) {
  return {
    status: () => call<Own['twoFactorStatus']>(ADDRESSES.ownSecurity.twoFactorStatus),
    setup: () => call<Own['setupTwoFactor']>(ADDRESSES.ownSecurity.setupTwoFactor),
    enable: (input: TwoFactorEnableRequest) =>
      call<Own['enableTwoFactor']>(ADDRESSES.ownSecurity.enableTwoFactor, { body: input }),
    disable: (input: TwoFactorDisableRequest) =>
      call<Own['disableTwoFactor']>(ADDRESSES.ownSecurity.disableTwoFactor, { body: input }),
    sessions: () => call<Own['sessions']>(ADDRESSES.ownSecurity.sessions),
    revokeSession: (id: string) =>
      call<Own['revokeSession']>(ADDRESSES.ownSecurity.revokeSession, { params: { id } }),
    revokeOtherSessions: () => call<Own['revokeOtherSessions']>(ADDRESSES.ownSecurity.revokeOtherSessions),
  };
}

/**
 * A person's own account security, the same calls for patients (`/security`) and for
 * staff (`/security/admin`).
 */
export function ownSecurityCalls(request: Request, prefix: '/security' | '/security/admin') {
  return {
    status: () => request<TwoFactorStatus>(`${prefix}/2fa/status`),
    setup: () => request<TwoFactorSetup>(`${prefix}/2fa/setup`, { method: 'POST' }),
    enable: (input: TwoFactorEnableRequest) =>
      request<TwoFactorEnabled>(`${prefix}/2fa/enable`, { json: input }),
    disable: (input: TwoFactorDisableRequest) =>
      request<{ enabled: false; message: string }>(`${prefix}/2fa/disable`, { json: input }),
    sessions: () => request<{ sessions: SessionInfo[] }>(`${prefix}/sessions`),
    revokeSession: (id: string) =>
      request<{ message: string }>(`${prefix}/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    revokeOtherSessions: () =>
      request<{ message: string; revoked: number }>(`${prefix}/sessions`, { method: 'DELETE' }),
  };
}

/** Staff-only security calls: IP rules, events, sign-in attempts, figures, own password. */
export function adminSecurityCalls(request: Request) {
  const call = callThrough(request);
  const A = ADDRESSES.adminSecurity;
  return {
    ...ownSecurityCalls(request, '/security/admin'),
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
      request<{ message: string; sessions_signed_out: number }>('/security/admin/change-password', {
        json: input,
      }),
  };
}
