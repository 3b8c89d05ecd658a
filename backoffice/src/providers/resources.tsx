import type { ResourceProps } from '@refinedev/core';
import type { Permission } from '@reportsaathi/contracts/permissions';

/** The SPA is served under /admin; routes below are written relative to it. */
export const ADMIN_BASENAME = '/admin';

/** One item of the admin sidebar (SPEC §2 'Admin layout'). */
export interface AdminNavItem {
  /** Refine resource name; also the key access-control uses. */
  name: string;
  label: string;
  /** Route inside the SPA (the browser shows ADMIN_BASENAME + path). */
  path: string;
  /** The permission the item needs; null: every admin sees it. */
  permission: Permission | null;
  /** Key of the sidebar icon (the icons themselves load with the layout, not with the login page). */
  icon:
    'dashboard' | 'users' | 'reports' | 'chats' | 'admins' | 'audit' | 'export' | 'moderation' | 'settings';
}

/** The sidebar, in order, each item with its permission, exactly as SPEC §2 lists them. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { name: 'dashboard', label: 'Dashboard', path: '/dashboard', permission: null, icon: 'dashboard' },
  { name: 'users', label: 'User Management', path: '/users', permission: 'view_users', icon: 'users' },
  { name: 'reports', label: 'Reports', path: '/data/reports', permission: 'view_reports', icon: 'reports' },
  { name: 'chats', label: 'Chat History', path: '/data/chats', permission: 'view_chats', icon: 'chats' },
  { name: 'admins', label: 'Admin Management', path: '/admins', permission: 'view_admins', icon: 'admins' },
  { name: 'audit', label: 'Audit Logs', path: '/audit', permission: 'view_audit_logs', icon: 'audit' },
  { name: 'export', label: 'Bulk Export', path: '/export', permission: 'export_data', icon: 'export' },
  {
    name: 'moderation',
    label: 'Content Moderation',
    path: '/moderation',
    permission: 'moderate_content',
    icon: 'moderation',
  },
  {
    name: 'settings',
    label: 'Settings',
    path: '/settings',
    permission: 'view_system_settings',
    icon: 'settings',
  },
];

export function navItem(name: string): AdminNavItem | undefined {
  return ADMIN_NAV.find((item) => item.name === name);
}

/** The browser path of an item, e.g. /admin/users. */
export function hrefOf(item: AdminNavItem): string {
  return `${ADMIN_BASENAME}${item.path}`;
}

/**
 * SPEC §2: an item is active when the path equals its href or starts with it. "Starts with" is
 * taken per path segment, so /admin/users/42 activates User Management but /admin/usersx does not.
 */
export function isActivePath(pathname: string, item: AdminNavItem): boolean {
  const href = hrefOf(item);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === href || path.startsWith(`${href}/`);
}

/** Refine's resource declarations, derived from the same table (declared once). */
export const resources: ResourceProps[] = ADMIN_NAV.map((item) => ({
  name: item.name,
  list: item.path,
  meta: { label: item.label, permission: item.permission },
}));

/** The browser tab title: the screen's sidebar label, else the login or portal name. */
export function documentTitle({ pathname }: { pathname?: string }): string {
  const path = pathname ?? '';
  if (path === '/login' || path.endsWith('/admin/login')) return 'Admin Login · ReportSaathi';
  const item = ADMIN_NAV.find((nav) =>
    isActivePath(path.startsWith(ADMIN_BASENAME) ? path : `${ADMIN_BASENAME}${path}`, nav),
  );
  return `${item ? item.label : 'Admin Portal'} · ReportSaathi`;
}
