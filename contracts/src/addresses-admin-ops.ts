import { SESSION_NOT_FOUND } from './constants';
import type { Permission } from './permissions';

/**
 * The addresses of the back office's operations: admin accounts, the dashboard's figures, the
 * bulk export, subscriptions and payments, the audit trail, moderation, system settings and the
 * staff security screens; also the public maintenance status and the health checks. No zod here
 * (endpoint-addresses.ts): the browser client reads these at run time.
 */

export const ADMIN_NOT_FOUND = 'Admin not found';
export const PLAN_NOT_FOUND = 'Plan not found';
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
export const PAYMENT_NOT_FOUND = 'Payment not found';
export const AUDIT_LOG_NOT_FOUND = 'Audit log not found';
export const CONTENT_NOT_FOUND = 'Content not found';
export const SETTING_NOT_FOUND = 'Setting not found';
export const IP_RULE_NOT_FOUND = 'IP restriction not found';

/** An admin holding every listed permission (none: any signed-in admin). */
const admin = <const P extends readonly Permission[]>(...permissions: P) =>
  ({ kind: 'admin', permissions }) as const;
const PUBLIC = { kind: 'public' } as const;

export const adminOpsAddresses = {
  adminAdmins: {
    /** Staff accounts (super admins only, by the permission table). */
    list: { method: 'get', path: '/admin/admins', access: admin('view_admins') },
    create: { method: 'post', path: '/admin/admins', access: admin('create_admins'), status: 201 },
    update: {
      method: 'put',
      path: '/admin/admins/:id',
      access: admin('edit_admins'),
      notFound: ADMIN_NOT_FOUND,
    },
    changeRole: {
      method: 'post',
      path: '/admin/admins/:id/role',
      access: admin('change_admin_roles'),
      notFound: ADMIN_NOT_FOUND,
    },
    deactivate: {
      method: 'post',
      path: '/admin/admins/:id/deactivate',
      access: admin('delete_admins'),
      notFound: ADMIN_NOT_FOUND,
    },
  },
  adminOverview: {
    /** Any admin; each block only with its permission, so a viewer never sees admin counts. */
    stats: { method: 'get', path: '/admin/stats', access: admin() },
    recentActivity: { method: 'get', path: '/admin/recent-activity', access: admin() },
  },
  adminExport: {
    options: { method: 'get', path: '/admin/export/export-options', access: admin('export_data') },
    /** The ZIP of the chosen tables, one file each plus metadata.json. */
    bulkExport: { method: 'post', path: '/admin/export/bulk-export', access: admin('export_data') },
  },
  adminSubscriptions: {
    dashboard: {
      method: 'get',
      path: '/admin/subscriptions/dashboard',
      access: admin('view_subscriptions'),
    },
    list: {
      method: 'get',
      path: '/admin/subscriptions/subscriptions',
      access: admin('view_subscriptions'),
    },
    /** Its payments only for an admin who may also see payments. */
    get: {
      method: 'get',
      path: '/admin/subscriptions/subscriptions/:id',
      access: admin('view_subscriptions'),
      notFound: SUBSCRIPTION_NOT_FOUND,
    },
    update: {
      method: 'put',
      path: '/admin/subscriptions/subscriptions/:id',
      access: admin('manage_subscriptions'),
      notFound: SUBSCRIPTION_NOT_FOUND,
    },
    cancel: {
      method: 'post',
      path: '/admin/subscriptions/subscriptions/:id/cancel',
      access: admin('manage_subscriptions'),
      notFound: SUBSCRIPTION_NOT_FOUND,
    },
    plans: { method: 'get', path: '/admin/subscriptions/plans', access: admin('view_subscriptions') },
    createPlan: {
      method: 'post',
      path: '/admin/subscriptions/plans',
      access: admin('manage_subscription_plans'),
      status: 201,
    },
    updatePlan: {
      method: 'put',
      path: '/admin/subscriptions/plans/:id',
      access: admin('manage_subscription_plans'),
      notFound: PLAN_NOT_FOUND,
    },
    payments: { method: 'get', path: '/admin/subscriptions/payments', access: admin('view_payments') },
    payment: {
      method: 'get',
      path: '/admin/subscriptions/payments/:id',
      access: admin('view_payments'),
      notFound: PAYMENT_NOT_FOUND,
    },
    refund: {
      method: 'post',
      path: '/admin/subscriptions/payments/:id/refund',
      access: admin('process_refunds'),
      notFound: PAYMENT_NOT_FOUND,
    },
  },
  adminAudit: {
    /** The trail of every admin action; read-only by design. */
    logs: { method: 'get', path: '/admin/audit/logs', access: admin('view_audit_logs') },
    /** Taking the trail out is an export like any other: export_data, as the bulk export asks. */
    exportCsv: {
      method: 'get',
      path: '/admin/audit/logs/export/csv',
      access: admin('view_audit_logs', 'export_data'),
    },
    log: {
      method: 'get',
      path: '/admin/audit/logs/:id',
      access: admin('view_audit_logs'),
      notFound: AUDIT_LOG_NOT_FOUND,
    },
    actions: { method: 'get', path: '/admin/audit/actions', access: admin('view_audit_logs') },
    resourceTypes: { method: 'get', path: '/admin/audit/resource-types', access: admin('view_audit_logs') },
    stats: { method: 'get', path: '/admin/audit/stats', access: admin('view_audit_logs') },
  },
  adminModeration: {
    stats: { method: 'get', path: '/admin/moderation/queue/stats', access: admin('moderate_content') },
    /** A plain list; the total is in the X-Total-Count header. */
    queue: { method: 'get', path: '/admin/moderation/queue', access: admin('moderate_content') },
    content: {
      method: 'get',
      path: '/admin/moderation/content/:type/:id',
      access: admin('moderate_content'),
      notFound: CONTENT_NOT_FOUND,
    },
    moderate: {
      method: 'post',
      path: '/admin/moderation/content/:type/:id/moderate',
      access: admin('moderate_content'),
      notFound: CONTENT_NOT_FOUND,
    },
    bulkModerate: {
      method: 'post',
      path: '/admin/moderation/content/:type/bulk-moderate',
      access: admin('moderate_content', 'bulk_moderate'),
      notFound: CONTENT_NOT_FOUND,
    },
  },
  adminSettings: {
    /** view_system_settings reads, manage_system_settings changes. */
    list: { method: 'get', path: '/admin/settings', access: admin('view_system_settings') },
    categories: { method: 'get', path: '/admin/settings/categories', access: admin('view_system_settings') },
    status: { method: 'get', path: '/admin/settings/status/system', access: admin('view_system_settings') },
    initialize: {
      method: 'post',
      path: '/admin/settings/initialize',
      access: admin('manage_system_settings'),
    },
    maintenanceMode: {
      method: 'post',
      path: '/admin/settings/maintenance-mode',
      access: admin('manage_system_settings'),
    },
    get: {
      method: 'get',
      path: '/admin/settings/:setting_key',
      access: admin('view_system_settings'),
      notFound: SETTING_NOT_FOUND,
    },
    update: {
      method: 'put',
      path: '/admin/settings/:setting_key',
      access: admin('manage_system_settings'),
      notFound: SETTING_NOT_FOUND,
    },
  },
  status: {
    /** What the patient pages show during maintenance (always open). */
    maintenance: { method: 'get', path: '/status/maintenance', access: PUBLIC },
  },
  /**
   * The staff security screens. IP rules change who can reach the portal at all: reading them
   * needs view_system_settings, changing them manage_system_settings. Security events, sign-in
   * attempts and the figures are a record of who did what, like the audit log: view_audit_logs.
   * Unlocking a locked account lets sign-ins through again: manage_system_settings.
   */
  adminSecurity: {
    addIpRule: {
      method: 'post',
      path: '/security/admin/ip-restrictions',
      access: admin('manage_system_settings'),
      status: 201,
    },
    ipRules: {
      method: 'get',
      path: '/security/admin/ip-restrictions',
      access: admin('view_system_settings'),
    },
    ipRule: {
      method: 'get',
      path: '/security/admin/ip-restrictions/:id',
      access: admin('view_system_settings'),
      notFound: IP_RULE_NOT_FOUND,
    },
    updateIpRule: {
      method: 'patch',
      path: '/security/admin/ip-restrictions/:id',
      access: admin('manage_system_settings'),
      notFound: IP_RULE_NOT_FOUND,
    },
    deleteIpRule: {
      method: 'delete',
      path: '/security/admin/ip-restrictions/:id',
      access: admin('manage_system_settings'),
      notFound: IP_RULE_NOT_FOUND,
    },
    events: { method: 'get', path: '/security/admin/security-events', access: admin('view_audit_logs') },
    loginAttempts: {
      method: 'get',
      path: '/security/admin/login-attempts',
      access: admin('view_audit_logs'),
    },
    stats: { method: 'get', path: '/security/admin/security-stats', access: admin('view_audit_logs') },
    unlockAccount: {
      method: 'post',
      path: '/security/admin/unlock-account',
      access: admin('manage_system_settings'),
    },
  },
  health: {
    /** Whether the API and its database answer; 503 when the database does not. */
    live: { method: 'get', path: '/health', access: PUBLIC },
    /** Whether this process should get traffic (for a load balancer); 503 when not ready. */
    ready: { method: 'get', path: '/health/ready', access: PUBLIC },
  },
  /**
   * A staff member's own second factor, devices and password, whatever their role (any signed-in
   * admin). All but turning two-factor off stay open while two-factor sign-in is required and not
   * yet set up, so the admin can set it up.
   */
  staffOwnSecurity: {
    setupTwoFactor: {
      method: 'post',
      path: '/security/admin/2fa/setup',
      access: admin(),
      exemptFromTwoFactorRequirement: true,
    },
    enableTwoFactor: {
      method: 'post',
      path: '/security/admin/2fa/enable',
      access: admin(),
      exemptFromTwoFactorRequirement: true,
    },
    disableTwoFactor: { method: 'post', path: '/security/admin/2fa/disable', access: admin() },
    twoFactorStatus: {
      method: 'get',
      path: '/security/admin/2fa/status',
      access: admin(),
      exemptFromTwoFactorRequirement: true,
    },
    sessions: {
      method: 'get',
      path: '/security/admin/sessions',
      access: admin(),
      exemptFromTwoFactorRequirement: true,
    },
    revokeSession: {
      method: 'delete',
      path: '/security/admin/sessions/:id',
      access: admin(),
      notFound: SESSION_NOT_FOUND,
      exemptFromTwoFactorRequirement: true,
    },
    revokeOtherSessions: {
      method: 'delete',
      path: '/security/admin/sessions',
      access: admin(),
      exemptFromTwoFactorRequirement: true,
    },
    /** Staff change their own password here (patients use /user/change-password). */
    changePassword: { method: 'post', path: '/security/admin/change-password', access: admin() },
  },
} as const;
