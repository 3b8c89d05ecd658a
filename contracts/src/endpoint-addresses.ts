import { CHAT_NOT_FOUND, REPORT_NOT_FOUND, TREND_NOT_FOUND } from './constants';
import { LINK_NOT_FOUND } from './share-links';
import { adminDataAddresses } from './addresses-admin-data';
import { adminOpsAddresses } from './addresses-admin-ops';
import { patientAddresses } from './addresses-patient';

/**
 * The addresses of the endpoint table (contract.ts): method, path, access and success status.
 * No zod here: the browser client reads these at run time.
 */
export const ADDRESSES = {
  chats: {
    /** A signed-in user asks about one of their own reports. */
    send: { method: 'post', path: '/chats', access: { kind: 'user' }, status: 201 },
    /** The user's questions and answers about one of their own reports, oldest first. */
    list: { method: 'get', path: '/chats/report/:id', access: { kind: 'user' }, notFound: REPORT_NOT_FOUND },
  },
  user: {
    /** The signed-in user's own account (self-service). */
    me: { method: 'get', path: '/user/me', access: { kind: 'user' } },
    preferences: { method: 'get', path: '/user/preferences', access: { kind: 'user' } },
    updatePreferences: { method: 'put', path: '/user/preferences', access: { kind: 'user' } },
    dashboardStats: { method: 'get', path: '/user/dashboard-stats', access: { kind: 'user' } },
    recentActivity: { method: 'get', path: '/user/recent-activity', access: { kind: 'user' } },
    quickActions: { method: 'get', path: '/user/quick-actions', access: { kind: 'user' } },
    updateProfile: { method: 'put', path: '/user/profile', access: { kind: 'user' } },
    changePassword: { method: 'post', path: '/user/change-password', access: { kind: 'user' } },
    /** Deactivates the account (an admin can reactivate it). */
    deactivate: { method: 'delete', path: '/user/account', access: { kind: 'user' } },
    accountSummary: { method: 'get', path: '/user/account-summary', access: { kind: 'user' } },
  },
  library: {
    /** The signed-in user's reports and chats: lists, search and deletion, always their own. */
    reports: { method: 'get', path: '/user/reports', access: { kind: 'user' } },
    reportTypes: { method: 'get', path: '/user/reports/by-type', access: { kind: 'user' } },
    deleteReport: {
      method: 'delete',
      path: '/user/reports/:id',
      access: { kind: 'user' },
      notFound: REPORT_NOT_FOUND,
    },
    chats: { method: 'get', path: '/user/chats', access: { kind: 'user' } },
    chatsByReport: { method: 'get', path: '/user/chats/by-report', access: { kind: 'user' } },
    deleteReportChats: {
      method: 'delete',
      path: '/user/chats/by-report/:id',
      access: { kind: 'user' },
      notFound: REPORT_NOT_FOUND,
    },
    deleteChat: {
      method: 'delete',
      path: '/user/chats/:id',
      access: { kind: 'user' },
      notFound: CHAT_NOT_FOUND,
    },
    search: { method: 'get', path: '/user/search', access: { kind: 'user' } },
  },
  privacy: {
    /** The signed-in user's privacy controls over their own data. */
    overview: { method: 'get', path: '/user/privacy/data-overview', access: { kind: 'user' } },
    retention: { method: 'get', path: '/user/privacy/data-retention', access: { kind: 'user' } },
    updateRetention: { method: 'post', path: '/user/privacy/data-retention', access: { kind: 'user' } },
    anonymize: { method: 'post', path: '/user/privacy/anonymize-data', access: { kind: 'user' } },
  },
  shareLinks: {
    /** The owner's read-only links to one report: create (the PIN shown once), list, revoke. */
    create: {
      method: 'post',
      path: '/reports/:id/share-links',
      access: { kind: 'user' },
      status: 201,
      notFound: REPORT_NOT_FOUND,
    },
    forReport: {
      method: 'get',
      path: '/reports/:id/share-links',
      access: { kind: 'user' },
      notFound: REPORT_NOT_FOUND,
    },
    mine: { method: 'get', path: '/user/share-links', access: { kind: 'user' } },
    revoke: {
      method: 'delete',
      path: '/user/share-links/:id',
      access: { kind: 'user' },
      notFound: LINK_NOT_FOUND,
    },
  },
  trends: {
    /** A page of the user's analytes, most measured first, each with its latest points. */
    list: { method: 'get', path: '/user/trends', access: { kind: 'user' } },
    /** How one analyte moved across the user's reports. */
    get: {
      method: 'get',
      path: '/user/trends/:analyte',
      access: { kind: 'user' },
      notFound: TREND_NOT_FOUND,
    },
    /** Corrects (or, with null, clears the correction of) a report's sample-collection date. */
    setReportDate: {
      method: 'put',
      path: '/user/reports/:id/collection-date',
      access: { kind: 'user' },
      notFound: REPORT_NOT_FOUND,
    },
  },
  feedback: {
    /** A signed-in user rates one of their analyses, or one AI answer about it. */
    create: { method: 'post', path: '/feedback', access: { kind: 'user' }, status: 201 },
  },
  ...adminDataAddresses,
  ...adminOpsAddresses,
  ...patientAddresses,
} as const;
