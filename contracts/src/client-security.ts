import type { AdminLoginResponse, LoginResponse } from './auth';
import type { Call, RequestOptions } from './client-core';
import type { contract } from './contract';
import { ADDRESSES } from './endpoint-addresses';
import type {
  IpRestriction,
  IpRestrictionCreate,
  IpRestrictionUpdate,
  LoginAttempt,
  Paged,
  SecurityEvent,
  SecurityStats,
  SessionInfo,
  TwoFactorChallenge,
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from './security';

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;

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
  const qs = (q: Record<string, string | number | boolean | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : '';
  };
  return {
    ...ownSecurityCalls(request, '/security/admin'),
    ipRules: () => request<{ items: IpRestriction[]; total: number }>('/security/admin/ip-restrictions'),
    addIpRule: (input: IpRestrictionCreate) =>
      request<IpRestriction>('/security/admin/ip-restrictions', { json: input }),
    updateIpRule: (id: number, input: IpRestrictionUpdate) =>
      request<IpRestriction>(`/security/admin/ip-restrictions/${id}`, { method: 'PATCH', json: input }),
    deleteIpRule: (id: number) =>
      request<{ message: string }>(`/security/admin/ip-restrictions/${id}`, { method: 'DELETE' }),
    events: (q: Record<string, string | number | undefined> = {}) =>
      request<Paged<SecurityEvent>>(`/security/admin/security-events${qs(q)}`),
    loginAttempts: (q: Record<string, string | number | boolean | undefined> = {}) =>
      request<Paged<LoginAttempt>>(`/security/admin/login-attempts${qs(q)}`),
    stats: (days = 7) => request<SecurityStats>(`/security/admin/security-stats${qs({ days })}`),
    /** Clears an account's recent failed sign-ins, lifting a lockout (manage_system_settings). */
    unlockAccount: (kind: 'user' | 'admin', identifier: string) =>
      request<{ message: string; cleared_failures: number }>('/security/admin/unlock-account', {
        json: { kind, identifier },
      }),
    changePassword: (input: { current_password: string; new_password: string }) =>
      request<{ message: string; sessions_signed_out: number }>('/security/admin/change-password', {
        json: input,
      }),
  };
}
