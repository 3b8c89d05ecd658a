import { z } from 'zod';
import {
  ADMIN_ADMIN_SORTS,
  adminAccountChange,
  adminAdminsList,
  adminCreate,
  adminRecentActivity,
  adminRoleChange,
  adminStatsAnswer,
  adminUpdate,
  recentActivityQuery,
} from './admin';
import {
  adminPayment,
  adminPaymentsList,
  adminPlan,
  adminPlans,
  adminSubscription,
  adminSubscriptionDetail,
  adminSubscriptionsList,
  AUDIT_OUTCOMES,
  AUDIT_PAGE_SIZE,
  AUDIT_STATS_DAYS,
  auditActions,
  auditLog,
  auditLogList,
  auditResourceTypes,
  auditStats,
  BILLING_CYCLE_VALUES,
  bulkExportRequest,
  bulkModerateAnswer,
  bulkModerateRequest,
  cancelSubscriptionRequest,
  createPlanRequest,
  exportOptions,
  initializeSettingsAnswer,
  maintenanceModeAnswer,
  maintenanceModeRequest,
  maintenanceStatus,
  moderateAnswer,
  moderateRequest,
  moderationContentDetail,
  MODERATION_CONTENT_TYPES,
  MODERATION_DEFAULT_LIMIT,
  MODERATION_LIMITS,
  MODERATION_STATUSES,
  moderationQueue,
  moderationStats,
  opsMessage,
  PAYMENT_STATUS_VALUES,
  refundPaymentRequest,
  refundPaymentResult,
  SETTING_CATEGORIES,
  settingCategories,
  settingsList,
  SUBSCRIPTION_STATUS_VALUES,
  subscriptionDashboard,
  systemSetting,
  systemStatus,
  updatePlanRequest,
  updateSettingRequest,
  updateSubscriptionRequest,
} from './admin-ops';
import { ADMIN_ROLES } from './permissions';
import {
  ipRestriction,
  ipRestrictionCreate,
  ipRestrictionList,
  ipRestrictionUpdate,
  loginAttempt,
  pagedOf,
  SECURITY_SEVERITIES,
  securityEvent,
  securityStats,
  otherSessionsRevoked,
  sessionList,
  sessionParams,
  sessionRevoked,
  twoFactorDisabled,
  twoFactorDisableRequest,
  twoFactorEnabled,
  twoFactorEnableRequest,
  twoFactorSetup,
  twoFactorStatus,
  unlockAccountRequest,
} from './security';
import { changePasswordRequest } from './user';
import { ADDRESSES } from './endpoint-addresses';
import { endpoint, fileAnswer, idParams, positiveId } from './endpoint';
import { boolParam, enumParam, idFilter, listQuery, wholeParam } from './query-params';

/**
 * The back office's operations in the endpoint table (contract.ts): admin accounts, the
 * dashboard's figures, the bulk export, subscriptions and payments, the audit trail, moderation,
 * settings, the staff security screens, the public maintenance status and the health checks.
 */

// ───────────────────────────── queries and parameters ─────────────────────────────

const adminsQuery = listQuery(
  ADMIN_ADMIN_SORTS,
  {},
  { role: enumParam('role', ADMIN_ROLES), is_active: boolParam('is_active') },
);

const subscriptionsQuery = listQuery(
  ['created_at', 'current_period_end', 'status'],
  {},
  {
    status: enumParam('status', SUBSCRIPTION_STATUS_VALUES),
    plan_id: idFilter('plan_id'),
    billing_cycle: enumParam('billing_cycle', BILLING_CYCLE_VALUES),
  },
);

const paymentsQuery = listQuery(
  ['created_at', 'amount_paise'],
  {},
  {
    status: enumParam('status', PAYMENT_STATUS_VALUES),
    gateway: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().trim().max(40, 'gateway must be at most 40 characters').optional(),
    ),
  },
);

const auditTextFilter = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
    z
      .string({ message: `${name} must be text` })
      .max(200, `${name} must be at most 200 characters`)
      .optional(),
  );

/** The audit screen's filters: per_page paging, start/end dates (the end day inclusive). */
const auditQuery = listQuery(
  ['created_at'],
  { limitKey: 'per_page', defaultLimit: AUDIT_PAGE_SIZE, dateKeys: ['start_date', 'end_date'] },
  {
    action: auditTextFilter('action'),
    admin_email: auditTextFilter('admin_email'),
    resource_type: auditTextFilter('resource_type'),
    success: enumParam('success', AUDIT_OUTCOMES),
  },
);

const moderationType = z.enum(MODERATION_CONTENT_TYPES);
const moderationQueueQuery = z.object({
  contentType: enumParam('contentType', MODERATION_CONTENT_TYPES),
  status: enumParam('status', MODERATION_STATUSES),
  limit: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce
      .number()
      .refine(
        (n) => (MODERATION_LIMITS as readonly number[]).includes(n),
        `limit must be ${MODERATION_LIMITS.slice(0, -1).join(', ')} or ${MODERATION_LIMITS.at(-1)}`,
      )
      .default(MODERATION_DEFAULT_LIMIT),
  ),
  offset: wholeParam('offset', 0, 100_000, 0),
});

const settingKeyParams = z.object({ setting_key: z.string().regex(/^[a-z0-9_]{1,100}$/) });

/** Sort columns of the staff security lists. */
export const SECURITY_EVENT_SORTS = ['created_at', 'event_type', 'severity'] as const;
export const LOGIN_ATTEMPT_SORTS = ['created_at', 'identifier'] as const;
const SECURITY_PAGE = { defaultLimit: 20 } as const;

const securityEventsQuery = listQuery(SECURITY_EVENT_SORTS, SECURITY_PAGE, {
  event_type: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.string().max(64, 'event_type is too long').optional(),
  ),
  severity: enumParam('severity', SECURITY_SEVERITIES),
  user_id: idFilter('user_id'),
  admin_id: idFilter('admin_id'),
});

const loginAttemptsQuery = listQuery(LOGIN_ATTEMPT_SORTS, SECURITY_PAGE, {
  kind: enumParam('kind', ['user', 'admin'] as const),
  success: boolParam('success'),
  ip: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64, 'ip is too long').optional()),
});

const securityStatsQuery = z.object({
  days: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce
      .number({ message: 'days must be a whole number' })
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(365, 'days must be at most 365')
      .default(7),
  ),
});

const healthCheck = z.enum(['ok', 'error']);

// ───────────────────────────── the entries ─────────────────────────────

const A = ADDRESSES;

export const adminOpsContract = {
  adminAdmins: {
    list: endpoint(A.adminAdmins.list, { query: adminsQuery, response: adminAdminsList }),
    create: endpoint(A.adminAdmins.create, { body: adminCreate, response: adminAccountChange }),
    update: endpoint(A.adminAdmins.update, {
      params: idParams('id'),
      body: adminUpdate,
      response: adminAccountChange,
    }),
    changeRole: endpoint(A.adminAdmins.changeRole, {
      params: idParams('id'),
      body: adminRoleChange,
      response: adminAccountChange,
    }),
    deactivate: endpoint(A.adminAdmins.deactivate, { params: idParams('id'), response: adminAccountChange }),
  },
  adminOverview: {
    stats: endpoint(A.adminOverview.stats, { response: adminStatsAnswer }),
    recentActivity: endpoint(A.adminOverview.recentActivity, {
      query: recentActivityQuery,
      response: adminRecentActivity,
    }),
  },
  adminExport: {
    options: endpoint(A.adminExport.options, { response: exportOptions }),
    bulkExport: endpoint(A.adminExport.bulkExport, { body: bulkExportRequest, response: fileAnswer }),
  },
  adminSubscriptions: {
    dashboard: endpoint(A.adminSubscriptions.dashboard, { response: subscriptionDashboard }),
    list: endpoint(A.adminSubscriptions.list, {
      query: subscriptionsQuery,
      response: adminSubscriptionsList,
    }),
    get: endpoint(A.adminSubscriptions.get, { params: idParams('id'), response: adminSubscriptionDetail }),
    update: endpoint(A.adminSubscriptions.update, {
      params: idParams('id'),
      body: updateSubscriptionRequest,
      response: adminSubscription,
    }),
    cancel: endpoint(A.adminSubscriptions.cancel, {
      params: idParams('id'),
      body: cancelSubscriptionRequest,
      response: adminSubscription,
    }),
    plans: endpoint(A.adminSubscriptions.plans, { response: adminPlans }),
    createPlan: endpoint(A.adminSubscriptions.createPlan, { body: createPlanRequest, response: adminPlan }),
    updatePlan: endpoint(A.adminSubscriptions.updatePlan, {
      params: idParams('id'),
      body: updatePlanRequest,
      response: adminPlan,
    }),
    payments: endpoint(A.adminSubscriptions.payments, { query: paymentsQuery, response: adminPaymentsList }),
    payment: endpoint(A.adminSubscriptions.payment, { params: idParams('id'), response: adminPayment }),
    refund: endpoint(A.adminSubscriptions.refund, {
      params: idParams('id'),
      body: refundPaymentRequest,
      response: refundPaymentResult,
    }),
  },
  adminAudit: {
    logs: endpoint(A.adminAudit.logs, { query: auditQuery, response: auditLogList }),
    exportCsv: endpoint(A.adminAudit.exportCsv, { query: auditQuery, response: fileAnswer }),
    log: endpoint(A.adminAudit.log, { params: idParams('id'), response: auditLog }),
    actions: endpoint(A.adminAudit.actions, { response: auditActions }),
    resourceTypes: endpoint(A.adminAudit.resourceTypes, { response: auditResourceTypes }),
    stats: endpoint(A.adminAudit.stats, {
      query: z.object({ days: wholeParam('days', 1, 365, AUDIT_STATS_DAYS) }),
      response: auditStats,
    }),
  },
  adminModeration: {
    stats: endpoint(A.adminModeration.stats, { response: moderationStats }),
    queue: endpoint(A.adminModeration.queue, { query: moderationQueueQuery, response: moderationQueue }),
    content: endpoint(A.adminModeration.content, {
      params: z.object({ type: moderationType, id: positiveId }),
      response: moderationContentDetail,
    }),
    moderate: endpoint(A.adminModeration.moderate, {
      params: z.object({ type: moderationType, id: positiveId }),
      body: moderateRequest,
      response: moderateAnswer,
    }),
    bulkModerate: endpoint(A.adminModeration.bulkModerate, {
      params: z.object({ type: moderationType }),
      body: bulkModerateRequest,
      response: bulkModerateAnswer,
    }),
  },
  adminSettings: {
    list: endpoint(A.adminSettings.list, {
      query: z.object({
        category: enumParam('category', SETTING_CATEGORIES),
        include_sensitive: boolParam('include_sensitive'),
      }),
      response: settingsList,
    }),
    categories: endpoint(A.adminSettings.categories, { response: settingCategories }),
    status: endpoint(A.adminSettings.status, { response: systemStatus }),
    initialize: endpoint(A.adminSettings.initialize, { response: initializeSettingsAnswer }),
    maintenanceMode: endpoint(A.adminSettings.maintenanceMode, {
      body: maintenanceModeRequest,
      response: maintenanceModeAnswer,
    }),
    get: endpoint(A.adminSettings.get, { params: settingKeyParams, response: systemSetting }),
    update: endpoint(A.adminSettings.update, {
      params: settingKeyParams,
      body: updateSettingRequest,
      response: systemSetting,
    }),
  },
  status: {
    maintenance: endpoint(A.status.maintenance, { response: maintenanceStatus }),
  },
  adminSecurity: {
    addIpRule: endpoint(A.adminSecurity.addIpRule, { body: ipRestrictionCreate, response: ipRestriction }),
    ipRules: endpoint(A.adminSecurity.ipRules, { response: ipRestrictionList }),
    ipRule: endpoint(A.adminSecurity.ipRule, { params: idParams('id'), response: ipRestriction }),
    updateIpRule: endpoint(A.adminSecurity.updateIpRule, {
      params: idParams('id'),
      body: ipRestrictionUpdate,
      response: ipRestriction,
    }),
    deleteIpRule: endpoint(A.adminSecurity.deleteIpRule, { params: idParams('id'), response: opsMessage }),
    events: endpoint(A.adminSecurity.events, {
      query: securityEventsQuery,
      response: pagedOf(securityEvent),
    }),
    loginAttempts: endpoint(A.adminSecurity.loginAttempts, {
      query: loginAttemptsQuery,
      response: pagedOf(loginAttempt),
    }),
    stats: endpoint(A.adminSecurity.stats, { query: securityStatsQuery, response: securityStats }),
    unlockAccount: endpoint(A.adminSecurity.unlockAccount, {
      body: unlockAccountRequest,
      response: z.object({ message: z.string(), cleared_failures: z.number().int().nonnegative() }),
    }),
  },
  health: {
    /** 'degraded' (with status 503) when the database does not answer. */
    live: endpoint(A.health.live, {
      response: z.object({
        status: z.enum(['ok', 'degraded']),
        database: healthCheck,
        version: z.string(),
        uptime_seconds: z.number().int().nonnegative(),
      }),
    }),
    /** 'draining' from SIGTERM on; 'not_ready' (503) when a dependency does not answer in time. */
    ready: endpoint(A.health.ready, {
      response: z.object({
        status: z.enum(['ready', 'draining', 'not_ready']),
        checks: z.object({ database: healthCheck, queue: healthCheck, storage: healthCheck }),
        version: z.string(),
      }),
    }),
  },
  staffOwnSecurity: {
    setupTwoFactor: endpoint(A.staffOwnSecurity.setupTwoFactor, { response: twoFactorSetup }),
    enableTwoFactor: endpoint(A.staffOwnSecurity.enableTwoFactor, {
      body: twoFactorEnableRequest,
      response: twoFactorEnabled,
    }),
    disableTwoFactor: endpoint(A.staffOwnSecurity.disableTwoFactor, {
      body: twoFactorDisableRequest,
      response: twoFactorDisabled,
    }),
    twoFactorStatus: endpoint(A.staffOwnSecurity.twoFactorStatus, { response: twoFactorStatus }),
    sessions: endpoint(A.staffOwnSecurity.sessions, { response: sessionList }),
    revokeSession: endpoint(A.staffOwnSecurity.revokeSession, {
      params: sessionParams,
      response: sessionRevoked,
    }),
    revokeOtherSessions: endpoint(A.staffOwnSecurity.revokeOtherSessions, {
      response: otherSessionsRevoked,
    }),
    changePassword: endpoint(A.staffOwnSecurity.changePassword, {
      body: changePasswordRequest,
      response: z.object({ message: z.string(), sessions_signed_out: z.number().int().nonnegative() }),
    }),
  },
};
