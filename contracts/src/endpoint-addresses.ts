import { REPORT_NOT_FOUND, TREND_NOT_FOUND } from './constants';

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
} as const;
