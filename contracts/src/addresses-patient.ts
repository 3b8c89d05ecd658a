import { GUEST_SESSION_EXPIRED, LINK_UNAVAILABLE, REPORT_NOT_FOUND, SESSION_NOT_FOUND } from './constants';

/**
 * The patient's side of the endpoint table, and the sign-in of both apps: addresses only (no zod),
 * spread into ADDRESSES.
 */
export const patientAddresses = {
  auth: {
    /** Registration and sign-in are public; me and sign-out need a signed-in user. */
    register: { method: 'post', path: '/auth/register', access: { kind: 'public' }, status: 201 },
    /** A session, or (two-factor sign-in on) the challenge for the second step. */
    login: { method: 'post', path: '/auth/login', access: { kind: 'public' } },
    loginSecondStep: { method: 'post', path: '/auth/login/2fa', access: { kind: 'public' } },
    /** Asked to learn whether anyone is signed in: a 401 is the answer "no". */
    me: { method: 'get', path: '/auth/me', access: { kind: 'user' }, unauthorizedIsAnswer: true },
    logout: { method: 'post', path: '/auth/logout', access: { kind: 'user' }, unauthorizedIsAnswer: true },
  },
  account: {
    /** A reset link by mail; the same answer (202) whether or not the address has an account. */
    requestPasswordReset: {
      method: 'post',
      path: '/auth/password-reset',
      access: { kind: 'public' },
      status: 202,
    },
    /** The link's token and a new password: single use, 30 minutes, every session ends. */
    confirmPasswordReset: {
      method: 'post',
      path: '/auth/password-reset/confirm',
      access: { kind: 'public' },
    },
    /** The token of a confirmation mail (registration or a new address). */
    confirmEmail: { method: 'post', path: '/auth/confirm-email', access: { kind: 'public' } },
    /** The signed-in user asks for the confirmation mail again. */
    resendConfirmation: {
      method: 'post',
      path: '/user/confirm-email/resend',
      access: { kind: 'user' },
      status: 202,
    },
    /** Development only, with no SMTP server: the mail written to the outbox (404 otherwise). */
    outbox: { method: 'get', path: '/dev/outbox', access: { kind: 'public' } },
  },
  staffSession: {
    /** Staff sign-in is public (behind the IP rules); me and sign-out need any signed-in admin. */
    login: { method: 'post', path: '/admin/login', access: { kind: 'public' } },
    loginSecondStep: { method: 'post', path: '/admin/login/2fa', access: { kind: 'public' } },
    me: {
      method: 'get',
      path: '/admin/me',
      access: { kind: 'admin', permissions: [] },
      exemptFromTwoFactorRequirement: true,
    },
    logout: {
      method: 'post',
      path: '/admin/logout',
      access: { kind: 'admin', permissions: [] },
      exemptFromTwoFactorRequirement: true,
    },
  },
  reports: {
    /** A signed-in user's own reports: upload (multipart), list, read, analyse, delete. */
    upload: { method: 'post', path: '/reports/upload', access: { kind: 'user' }, status: 201 },
    list: { method: 'get', path: '/reports', access: { kind: 'user' } },
    get: { method: 'get', path: '/reports/:id', access: { kind: 'user' }, notFound: REPORT_NOT_FOUND },
    /** 202 while the analysis runs, 200 when it is already complete. */
    analyze: {
      method: 'post',
      path: '/reports/:id/analyze',
      access: { kind: 'user' },
      notFound: REPORT_NOT_FOUND,
    },
    /**
     * The completed analysis worded again in the language asked for, from its stored values
     * (decision 241): 200 when done, 202 when an older analysis is read again instead.
     */
    explain: {
      method: 'post',
      path: '/reports/:id/explain',
      access: { kind: 'user' },
      notFound: REPORT_NOT_FOUND,
    },
    remove: { method: 'delete', path: '/reports/:id', access: { kind: 'user' }, notFound: REPORT_NOT_FOUND },
    /**
     * The owner types a value as printed in place of a misread one; the row is judged again and the
     * report's explanation rewritten (decision 243). Answers the report as it now stands.
     */
    enterValue: {
      method: 'put',
      path: '/reports/:id/values/:position/entered',
      access: { kind: 'user' },
      notFound: REPORT_NOT_FOUND,
    },
    /** Undo: the value as the engine read it again, and the explanation with it. */
    undoEnteredValue: {
      method: 'delete',
      path: '/reports/:id/values/:position/entered',
      access: { kind: 'user' },
      notFound: REPORT_NOT_FOUND,
    },
  },
  guest: {
    /** The free analyzer: public, and every call past creating a session needs a live session id. */
    createSession: { method: 'post', path: '/guest/session', access: { kind: 'public' }, status: 201 },
    session: {
      method: 'get',
      path: '/guest/session/:sid',
      access: { kind: 'guest' },
      notFound: GUEST_SESSION_EXPIRED,
    },
    rateLimits: {
      method: 'get',
      path: '/guest/session/:sid/rate-limits',
      access: { kind: 'guest' },
      notFound: GUEST_SESSION_EXPIRED,
    },
    upload: {
      method: 'post',
      path: '/guest/session/:sid/upload',
      access: { kind: 'guest' },
      status: 201,
      notFound: GUEST_SESSION_EXPIRED,
    },
    /** 202 while the analysis runs, 200 when it is already complete. */
    analyze: {
      method: 'post',
      path: '/guest/session/:sid/reports/:rid/analyze',
      access: { kind: 'guest' },
      notFound: REPORT_NOT_FOUND,
    },
    report: {
      method: 'get',
      path: '/guest/session/:sid/reports/:rid',
      access: { kind: 'guest' },
      notFound: REPORT_NOT_FOUND,
    },
    reports: {
      method: 'get',
      path: '/guest/session/:sid/reports',
      access: { kind: 'guest' },
      notFound: GUEST_SESSION_EXPIRED,
    },
  },
  subscription: {
    /** The signed-in user's own plan, its changes and its payments. */
    current: { method: 'get', path: '/user/subscription/current', access: { kind: 'user' } },
    plans: { method: 'get', path: '/user/subscription/plans', access: { kind: 'user' } },
    upgrade: { method: 'post', path: '/user/subscription/upgrade', access: { kind: 'user' } },
    cancel: { method: 'post', path: '/user/subscription/cancel', access: { kind: 'user' } },
    history: { method: 'get', path: '/user/subscription/history', access: { kind: 'user' } },
    payments: { method: 'get', path: '/user/subscription/payments', access: { kind: 'user' } },
    usageStats: { method: 'get', path: '/user/subscription/usage-stats', access: { kind: 'user' } },
  },
  payment: {
    /** The payment gateways a signed-in user may pay through, and the check of a payment made. */
    gateways: { method: 'get', path: '/payment/gateways', access: { kind: 'user' } },
    verify: { method: 'post', path: '/payment/verify', access: { kind: 'user' } },
  },
  sharedReport: {
    /** A doctor opens a shared report: no account, the token in the path, the PIN once, then the grant. */
    unlock: {
      method: 'post',
      path: '/share/:token/unlock',
      access: { kind: 'public' },
      notFound: LINK_UNAVAILABLE,
    },
    view: { method: 'get', path: '/share/:token', access: { kind: 'public' }, notFound: LINK_UNAVAILABLE },
  },
  userExport: {
    /** The signed-in user's own data as files: all of it (JSON or a ZIP of CSVs), one report, chats. */
    data: { method: 'post', path: '/user/export-data', access: { kind: 'user' } },
    report: {
      method: 'get',
      path: '/user/export/reports/:id',
      access: { kind: 'user' },
      notFound: REPORT_NOT_FOUND,
    },
    chats: { method: 'get', path: '/user/export/chats', access: { kind: 'user' } },
  },
  fhir: {
    /** The user's analysed reports as FHIR R4 bundles: the whole account, or one report. */
    account: { method: 'get', path: '/user/export/fhir', access: { kind: 'user' } },
    report: {
      method: 'get',
      path: '/user/export/reports/:id/fhir',
      access: { kind: 'user' },
      notFound: REPORT_NOT_FOUND,
    },
  },
  accountDeletion: {
    /** Deletes the account and all its data, after the password; optionally with its export first. */
    permanent: { method: 'delete', path: '/user/account/permanent', access: { kind: 'user' } },
  },
  ownSecurity: {
    /** A patient's own second factor and signed-in devices. */
    setupTwoFactor: { method: 'post', path: '/security/2fa/setup', access: { kind: 'user' } },
    enableTwoFactor: { method: 'post', path: '/security/2fa/enable', access: { kind: 'user' } },
    disableTwoFactor: { method: 'post', path: '/security/2fa/disable', access: { kind: 'user' } },
    twoFactorStatus: { method: 'get', path: '/security/2fa/status', access: { kind: 'user' } },
    sessions: { method: 'get', path: '/security/sessions', access: { kind: 'user' } },
    revokeSession: {
      method: 'delete',
      path: '/security/sessions/:id',
      access: { kind: 'user' },
      notFound: SESSION_NOT_FOUND,
    },
    revokeOtherSessions: { method: 'delete', path: '/security/sessions', access: { kind: 'user' } },
  },
} as const;
