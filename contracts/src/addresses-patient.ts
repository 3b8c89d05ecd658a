import { GUEST_SESSION_EXPIRED, REPORT_NOT_FOUND } from './constants';

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
    me: { method: 'get', path: '/auth/me', access: { kind: 'user' } },
    logout: { method: 'post', path: '/auth/logout', access: { kind: 'user' } },
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
    remove: { method: 'delete', path: '/reports/:id', access: { kind: 'user' }, notFound: REPORT_NOT_FOUND },
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
} as const;
