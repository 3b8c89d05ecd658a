import { z } from 'zod';
import {
  adminLoginRequest,
  adminLoginResponse,
  adminMe,
  loginRequest,
  loginResponse,
  publicUser,
  registerRequest,
} from './auth';
import { ADDRESSES } from './endpoint-addresses';
import { endpoint, idParams } from './endpoint';
import {
  guestAnalysisRequested,
  guestRateLimits,
  guestReport,
  guestReportList,
  guestReportParams,
  guestSession,
  guestSessionParams,
  guestUploadResponse,
} from './guest';
import {
  analysisRequested,
  reportListResponse,
  reportsPage,
  reportsPageQuery,
  uploadedReport,
  userReport,
} from './reports';
import { twoFactorChallenge, twoFactorLoginRequest } from './security';
import { messageResponse } from './user';

/** A patient's session as the sign-in answers it (the token also goes into an httpOnly cookie). */
const userSession = loginResponse.extend({ token_type: z.literal('bearer') });

/**
 * The patient's side of the endpoint table and the sign-in of both apps (addresses-patient.ts).
 * Uploads are multipart: no body schema, the handler reads the upload.
 */
export const patientContract = {
  auth: {
    register: endpoint(ADDRESSES.auth.register, {
      body: registerRequest,
      response: messageResponse.extend({ user: publicUser }),
    }),
    login: endpoint(ADDRESSES.auth.login, {
      body: loginRequest,
      response: userSession.or(twoFactorChallenge),
    }),
    loginSecondStep: endpoint(ADDRESSES.auth.loginSecondStep, {
      body: twoFactorLoginRequest,
      response: userSession,
    }),
    me: endpoint(ADDRESSES.auth.me, { response: publicUser }),
    logout: endpoint(ADDRESSES.auth.logout, { response: messageResponse }),
  },
  staffSession: {
    login: endpoint(ADDRESSES.staffSession.login, {
      body: adminLoginRequest,
      response: adminLoginResponse.or(twoFactorChallenge),
    }),
    loginSecondStep: endpoint(ADDRESSES.staffSession.loginSecondStep, {
      body: twoFactorLoginRequest,
      response: adminLoginResponse,
    }),
    me: endpoint(ADDRESSES.staffSession.me, { response: adminMe }),
    logout: endpoint(ADDRESSES.staffSession.logout, { response: messageResponse }),
  },
  reports: {
    upload: endpoint(ADDRESSES.reports.upload, { response: uploadedReport }),
    list: endpoint(ADDRESSES.reports.list, {
      query: reportsPageQuery,
      response: reportsPage.or(reportListResponse),
    }),
    get: endpoint(ADDRESSES.reports.get, { params: idParams('id'), response: userReport }),
    analyze: endpoint(ADDRESSES.reports.analyze, { params: idParams('id'), response: analysisRequested }),
    remove: endpoint(ADDRESSES.reports.remove, { params: idParams('id'), response: messageResponse }),
  },
  guest: {
    createSession: endpoint(ADDRESSES.guest.createSession, { response: guestSession }),
    session: endpoint(ADDRESSES.guest.session, { params: guestSessionParams, response: guestSession }),
    rateLimits: endpoint(ADDRESSES.guest.rateLimits, {
      params: guestSessionParams,
      response: guestRateLimits,
    }),
    upload: endpoint(ADDRESSES.guest.upload, { params: guestSessionParams, response: guestUploadResponse }),
    analyze: endpoint(ADDRESSES.guest.analyze, {
      params: guestReportParams,
      response: guestAnalysisRequested,
    }),
    report: endpoint(ADDRESSES.guest.report, { params: guestReportParams, response: guestReport }),
    reports: endpoint(ADDRESSES.guest.reports, { params: guestSessionParams, response: guestReportList }),
  },
};
