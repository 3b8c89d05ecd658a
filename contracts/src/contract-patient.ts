import {
  confirmEmailRequest,
  confirmEmailResponse,
  outboxResponse,
  passwordResetConfirm,
  passwordResetRequest,
} from './account';
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
import { endpoint, fileAnswer, idParams } from './endpoint';
import { shareGrant, sharedReport, shareTokenParams, unlockShareRequest } from './share-links';
import {
  guestAnalysisRequested,
  guestRateLimits,
  guestReport,
  guestReportList,
  guestReportParams,
  guestSession,
  guestSessionParams,
  guestUploadQuery,
  guestUploadResponse,
} from './guest';
import {
  analysisRequested,
  enteredValueRequest,
  explainRequest,
  explanationRequested,
  reportListResponse,
  reportsPage,
  reportsPageQuery,
  reportValueParams,
  uploadedReport,
  userReport,
} from './reports';
import {
  otherSessionsRevoked,
  sessionList,
  sessionParams,
  sessionRevoked,
  twoFactorChallenge,
  twoFactorDisabled,
  twoFactorDisableRequest,
  twoFactorEnabled,
  twoFactorEnableRequest,
  twoFactorLoginRequest,
  twoFactorSetup,
  twoFactorStatus,
} from './security';
import {
  cancelRequest,
  cancelResponse,
  chatsExportQuery,
  dataExportRequest,
  permanentDeleteRequest,
  reportExportQuery,
  reportExportResponse,
  currentSubscription,
  messageResponse,
  paymentGateways,
  paymentHistory,
  paymentVerifyRequest,
  paymentVerifyResponse,
  plansResponse,
  subscriptionHistory,
  upgradeRequest,
  upgradeResponse,
  usageStats,
  usageStatsQuery,
} from './user';

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
  account: {
    requestPasswordReset: endpoint(ADDRESSES.account.requestPasswordReset, {
      body: passwordResetRequest,
      response: messageResponse,
    }),
    confirmPasswordReset: endpoint(ADDRESSES.account.confirmPasswordReset, {
      body: passwordResetConfirm,
      response: messageResponse,
    }),
    confirmEmail: endpoint(ADDRESSES.account.confirmEmail, {
      body: confirmEmailRequest,
      response: confirmEmailResponse,
    }),
    resendConfirmation: endpoint(ADDRESSES.account.resendConfirmation, { response: messageResponse }),
    outbox: endpoint(ADDRESSES.account.outbox, { response: outboxResponse }),
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
    explain: endpoint(ADDRESSES.reports.explain, {
      params: idParams('id'),
      body: explainRequest,
      response: explanationRequested,
    }),
    remove: endpoint(ADDRESSES.reports.remove, { params: idParams('id'), response: messageResponse }),
    enterValue: endpoint(ADDRESSES.reports.enterValue, {
      params: reportValueParams,
      body: enteredValueRequest,
      response: userReport,
    }),
    undoEnteredValue: endpoint(ADDRESSES.reports.undoEnteredValue, {
      params: reportValueParams,
      response: userReport,
    }),
  },
  guest: {
    createSession: endpoint(ADDRESSES.guest.createSession, { response: guestSession }),
    session: endpoint(ADDRESSES.guest.session, { params: guestSessionParams, response: guestSession }),
    rateLimits: endpoint(ADDRESSES.guest.rateLimits, {
      params: guestSessionParams,
      response: guestRateLimits,
    }),
    upload: endpoint(ADDRESSES.guest.upload, {
      params: guestSessionParams,
      query: guestUploadQuery,
      response: guestUploadResponse,
    }),
    analyze: endpoint(ADDRESSES.guest.analyze, {
      params: guestReportParams,
      response: guestAnalysisRequested,
    }),
    report: endpoint(ADDRESSES.guest.report, { params: guestReportParams, response: guestReport }),
    reports: endpoint(ADDRESSES.guest.reports, { params: guestSessionParams, response: guestReportList }),
  },
  subscription: {
    current: endpoint(ADDRESSES.subscription.current, { response: currentSubscription }),
    plans: endpoint(ADDRESSES.subscription.plans, { response: plansResponse }),
    upgrade: endpoint(ADDRESSES.subscription.upgrade, { body: upgradeRequest, response: upgradeResponse }),
    cancel: endpoint(ADDRESSES.subscription.cancel, { body: cancelRequest, response: cancelResponse }),
    history: endpoint(ADDRESSES.subscription.history, { response: subscriptionHistory }),
    payments: endpoint(ADDRESSES.subscription.payments, { response: paymentHistory }),
    usageStats: endpoint(ADDRESSES.subscription.usageStats, { query: usageStatsQuery, response: usageStats }),
  },
  payment: {
    gateways: endpoint(ADDRESSES.payment.gateways, { response: paymentGateways }),
    verify: endpoint(ADDRESSES.payment.verify, {
      body: paymentVerifyRequest,
      response: paymentVerifyResponse,
    }),
  },
  sharedReport: {
    unlock: endpoint(ADDRESSES.sharedReport.unlock, {
      params: shareTokenParams,
      body: unlockShareRequest,
      response: shareGrant,
    }),
    view: endpoint(ADDRESSES.sharedReport.view, { params: shareTokenParams, response: sharedReport }),
  },
  userExport: {
    /** Written while it is read (JSON or a ZIP), never built in memory. */
    data: endpoint(ADDRESSES.userExport.data, { body: dataExportRequest, response: fileAnswer }),
    /** JSON as an answer; CSV as a file. */
    report: endpoint(ADDRESSES.userExport.report, {
      params: idParams('id'),
      query: reportExportQuery,
      response: reportExportResponse.or(fileAnswer),
    }),
    chats: endpoint(ADDRESSES.userExport.chats, { query: chatsExportQuery, response: fileAnswer }),
  },
  fhir: {
    account: endpoint(ADDRESSES.fhir.account, { response: fileAnswer }),
    report: endpoint(ADDRESSES.fhir.report, { params: idParams('id'), response: fileAnswer }),
  },
  accountDeletion: {
    /** Without the export the answer is the message; with it, the export is streamed (as a file or wrapped). */
    permanent: endpoint(ADDRESSES.accountDeletion.permanent, {
      body: permanentDeleteRequest,
      response: messageResponse.or(fileAnswer),
    }),
  },
  ownSecurity: {
    setupTwoFactor: endpoint(ADDRESSES.ownSecurity.setupTwoFactor, { response: twoFactorSetup }),
    enableTwoFactor: endpoint(ADDRESSES.ownSecurity.enableTwoFactor, {
      body: twoFactorEnableRequest,
      response: twoFactorEnabled,
    }),
    disableTwoFactor: endpoint(ADDRESSES.ownSecurity.disableTwoFactor, {
      body: twoFactorDisableRequest,
      response: twoFactorDisabled,
    }),
    twoFactorStatus: endpoint(ADDRESSES.ownSecurity.twoFactorStatus, { response: twoFactorStatus }),
    sessions: endpoint(ADDRESSES.ownSecurity.sessions, { response: sessionList }),
    revokeSession: endpoint(ADDRESSES.ownSecurity.revokeSession, {
      params: sessionParams,
      response: sessionRevoked,
    }),
    revokeOtherSessions: endpoint(ADDRESSES.ownSecurity.revokeOtherSessions, {
      response: otherSessionsRevoked,
    }),
  },
};
