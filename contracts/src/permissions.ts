/**
 * The role → permission table: the one place that says what each staff role may do. The API enforces it (requireAdmin) and the
 * back office imports it to hide what an admin cannot do. One table, one place.
 */
export const ADMIN_ROLES = ['super_admin', 'admin', 'moderator', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const PERMISSIONS = [
  'view_users',
  'create_users',
  'edit_users',
  'suspend_users',
  'delete_users',
  'view_reports',
  'edit_reports',
  'delete_reports',
  'view_chats',
  'delete_chats',
  'moderate_chats',
  'view_feedback',
  'respond_feedback',
  'delete_feedback',
  'export_data',
  'view_audit_logs',
  'view_system_settings',
  'manage_system_settings',
  'moderate_content',
  'view_moderation_queue',
  'bulk_moderate',
  'bulk_delete',
  'view_admins',
  'create_admins',
  'edit_admins',
  'delete_admins',
  'change_admin_roles',
  'view_subscriptions',
  'manage_subscriptions',
  'manage_subscription_plans',
  'view_payments',
  'process_refunds',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: readonly Permission[] = [
  'view_users',
  'view_reports',
  'view_chats',
  'view_feedback',
  'view_audit_logs',
];

const MODERATOR: readonly Permission[] = [
  'view_users',
  'view_reports',
  'view_chats',
  'view_feedback',
  'edit_users',
  'suspend_users',
  'edit_reports',
  'moderate_chats',
  'respond_feedback',
  'moderate_content',
  'view_moderation_queue',
  'bulk_moderate',
];

const ADMIN: readonly Permission[] = [
  'view_users',
  'create_users',
  'edit_users',
  'suspend_users',
  'view_reports',
  'edit_reports',
  'delete_reports',
  'view_chats',
  'delete_chats',
  'moderate_chats',
  'view_feedback',
  'respond_feedback',
  'export_data',
  'view_audit_logs',
  'view_system_settings',
  'moderate_content',
  'view_moderation_queue',
  'bulk_moderate',
  'view_subscriptions',
  'manage_subscriptions',
  'view_payments',
];

const SUPER_ADMIN: readonly Permission[] = [
  ...ADMIN,
  'delete_users',
  'view_admins',
  'create_admins',
  'edit_admins',
  'delete_admins',
  'change_admin_roles',
  'bulk_delete',
  'delete_feedback',
  'manage_system_settings',
  'manage_subscription_plans',
  'process_refunds',
];

export const ROLE_PERMISSIONS: Readonly<Record<AdminRole, readonly Permission[]>> = {
  viewer: VIEWER,
  moderator: MODERATOR,
  admin: ADMIN,
  super_admin: SUPER_ADMIN,
};

export function isAdminRole(role: string): role is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(role);
}

/** Permissions of a role; an unknown role has none. */
export function permissionsFor(role: string): Permission[] {
  return isAdminRole(role) ? [...ROLE_PERMISSIONS[role]] : [];
}

export function hasPermission(role: string, permission: Permission): boolean {
  return permissionsFor(role).includes(permission);
}

/** True when the role holds every one of the permissions (an action needing several needs all of them). */
export function hasAllPermissions(role: string, permissions: readonly Permission[]): boolean {
  const held = permissionsFor(role);
  return permissions.every((p) => held.includes(p));
}
