import type { ResourceProps } from '@refinedev/core';
import type { ApiClient } from '@reportsaathi/contracts/client';
import { ADDRESSES as A } from '@reportsaathi/contracts/endpoint-addresses';
import type { Permission } from '@reportsaathi/contracts/permissions';

/** The SPA is served under /admin; routes below are written relative to it. */
export const ADMIN_BASENAME = '/admin';

/** Keys of the sidebar icons (the icons themselves load with the layout, not with the login page). */
export type IconKey =
  | 'dashboard'
  | 'users'
  | 'reports'
  | 'chats'
  | 'admins'
  | 'audit'
  | 'export'
  | 'moderation'
  | 'settings'
  | 'subscriptions'
  | 'security';

/**
 * An admin endpoint of the table (its address: no zod in the bundle). Its access names the
 * permissions the API checks, so the screen that calls it asks for exactly those.
 */
export interface AdminEndpoint {
  readonly access: { readonly kind: 'admin'; readonly permissions: readonly Permission[] };
}

/** Which screen of a resource a route shows. */
export type PageKind = 'list' | 'show' | 'edit' | 'create';

/** Refine's list parameters as this API's query (list-params.ts): page, limit, sort and filters. */
export type ListQuery = Record<string, string>;
/** Fields a form or a bulk call hands the data provider (`{permanent}`, an update's changes). */
export type Fields = Record<string, unknown>;

/**
 * How the data provider reaches a resource on the API: each operation is a typed contracts-client
 * call, so no API path is written here.
 * - `list`: one page; `listKey` names the array of its answer (`{users, total, total_pages}`).
 * - `one`: one record; `oneKey` names it inside a wrapped detail answer (`{user, stats, ...}`).
 * - `create`, `update`, `remove`, `bulkDelete`: the mutations the resource has.
 */
export interface ResourceApi {
  list: (client: ApiClient, query: ListQuery) => Promise<object>;
  listKey: string;
  one?: (client: ApiClient, id: number) => Promise<object>;
  oneKey?: string;
  create?: (client: ApiClient, fields: Fields) => Promise<object>;
  update?: (client: ApiClient, id: number, fields: Fields) => Promise<object>;
  remove?: (client: ApiClient, id: number, fields: Fields) => Promise<object>;
  bulkDelete?: (client: ApiClient, ids: number[], fields: Fields) => Promise<object>;
}

/**
 * One resource of the back office, declared once. Everything else is generated from this list:
 * Refine's `resources`, the routes (App.tsx), the sidebar (admin-layout.tsx, through useMenu), the
 * route guards and the access-control answers (access-control.ts).
 *
 * `actions` names the endpoint each action calls; the action needs the permissions of that entry
 * of the table (all of them), so a screen never restates a permission the API checks. `list` is
 * the sidebar permission; `show`/`edit`/`create` guard those routes; the other names are buttons
 * (`<CanAccess resource="users" action="suspend">`). An action not written here is refused, so a
 * new button stays hidden until someone names the endpoint it calls.
 */
export interface AdminResource {
  name: string;
  label: string;
  icon: IconKey;
  /** Routes inside the SPA (the browser shows ADMIN_BASENAME + route). */
  routes: Partial<Record<PageKind, string>>;
  actions: Readonly<Record<string, AdminEndpoint>>;
  api?: ResourceApi;
  /** The Access Denied text of this screen, when it has its own. */
  deniedMessage?: string;
  /** False keeps a routed screen out of the sidebar (the spec's sidebar list is fixed). */
  inSidebar?: false;
}

/** The sidebar, in order, each item with its permission, as the admin layout is specified. */
export const ADMIN_RESOURCES: readonly AdminResource[] = [
  {
    name: 'dashboard',
    label: 'Dashboard',
    icon: 'dashboard',
    routes: { list: '/dashboard' },
    actions: { list: A.adminOverview.stats },
  },
  {
    name: 'users',
    label: 'User Management',
    icon: 'users',
    routes: { list: '/users', show: '/users/:id' },
    actions: {
      list: A.adminUsers.list,
      show: A.adminUsers.get,
      edit: A.adminUsers.update,
      suspend: A.adminUsers.suspend,
      activate: A.adminUsers.activate,
      export: A.adminUsers.exportCsv,
    },
    api: {
      list: (c, query) => c.adminUsers.list({ query }),
      listKey: 'users',
      one: (c, id) => c.adminUsers.get({ params: { id } }),
      oneKey: 'user',
      update: (c, id, fields) => c.adminUsers.update({ params: { id }, body: fields }),
    },
    deniedMessage: "You don't have permission to view users.",
  },
  {
    name: 'reports',
    label: 'Reports',
    icon: 'reports',
    // The list is under /data/, the detail is not (both as the route table gives them).
    routes: { list: '/data/reports', show: '/reports/:id' },
    actions: {
      list: A.adminReports.list,
      show: A.adminReports.get,
      edit: A.adminReports.patch,
      delete: A.adminReports.remove,
      // Deleting several at once is its own permission (super admins only).
      bulk_delete: A.adminReports.bulkDelete,
      export: A.adminReports.exportCsv,
    },
    api: {
      list: (c, query) => c.adminReports.list({ query }),
      listKey: 'reports',
      one: (c, id) => c.adminReports.get({ params: { id } }),
      oneKey: 'report',
      update: (c, id, fields) => c.adminReports.patch({ params: { id }, body: fields }),
      remove: (c, id, { permanent }) =>
        c.adminReports.remove({ params: { id }, query: { permanent: permanent === true } }),
      bulkDelete: (c, ids, { permanent }) =>
        c.adminReports.bulkDelete({ body: { report_ids: ids, permanent: permanent === true } }),
    },
  },
  {
    name: 'chats',
    label: 'Chat History',
    icon: 'chats',
    // One chat opens in a dialog over the list, so there is no show route.
    routes: { list: '/data/chats' },
    actions: {
      list: A.adminChats.list,
      show: A.adminChats.get,
      edit: A.adminChats.patch,
      delete: A.adminChats.remove,
      // As for reports: several at once is bulk_delete too (super admins only).
      bulk_delete: A.adminChats.bulkDelete,
      export: A.adminChats.exportCsv,
    },
    api: {
      list: (c, query) => c.adminChats.list({ query }),
      listKey: 'chats',
      one: (c, id) => c.adminChats.get({ params: { id } }),
      oneKey: 'chat',
      update: (c, id, fields) => c.adminChats.patch({ params: { id }, body: fields }),
      remove: (c, id) => c.adminChats.remove({ params: { id } }),
      bulkDelete: (c, ids) => c.adminChats.bulkDelete({ body: { chat_ids: ids } }),
    },
  },
  {
    name: 'admins',
    label: 'Admin Management',
    icon: 'admins',
    // Create and edit are dialogs over the list.
    routes: { list: '/admins' },
    actions: {
      list: A.adminAdmins.list,
      create: A.adminAdmins.create,
      edit: A.adminAdmins.update,
      change_role: A.adminAdmins.changeRole,
      delete: A.adminAdmins.deactivate,
    },
    api: {
      list: (c, query) => c.adminAdmins.list({ query }),
      listKey: 'admins',
      oneKey: 'admin',
      update: (c, id, fields) => c.adminAdmins.update({ params: { id }, body: fields }),
    },
  },
  {
    name: 'audit',
    label: 'Audit Logs',
    icon: 'audit',
    // One log opens in a dialog over the list.
    routes: { list: '/audit' },
    // The CSV is an export like any other: export_data besides reading the log (as the API asks).
    actions: {
      list: A.adminAudit.logs,
      show: A.adminAudit.log,
      export: A.adminAudit.exportCsv,
    },
    api: {
      list: (c, query) => c.adminAudit.logs({ query }),
      listKey: 'logs',
      one: (c, id) => c.adminAudit.log({ params: { id } }),
    },
  },
  {
    name: 'export',
    label: 'Bulk Export',
    icon: 'export',
    routes: { list: '/export' },
    actions: { list: A.adminExport.bulkExport },
  },
  {
    name: 'moderation',
    label: 'Content Moderation',
    icon: 'moderation',
    // The queue is a plain list paged by offset (not the data provider's shape): the screen calls
    // api.adminModeration directly.
    routes: { list: '/moderation' },
    actions: {
      list: A.adminModeration.queue,
      moderate: A.adminModeration.moderate,
      bulk_moderate: A.adminModeration.bulkModerate,
    },
  },
  {
    name: 'settings',
    label: 'Settings',
    icon: 'settings',
    routes: { list: '/settings' },
    actions: { list: A.adminSettings.list, edit: A.adminSettings.update },
    api: { list: (c, query) => c.adminSettings.list({ query }), listKey: 'settings' },
  },
  // Beyond the first sidebar: the staff side of subscriptions, plans and payments.
  {
    name: 'subscriptions',
    label: 'Subscriptions',
    icon: 'subscriptions',
    routes: { list: '/subscriptions' },
    actions: {
      list: A.adminSubscriptions.list,
      manage: A.adminSubscriptions.update,
      payments: A.adminSubscriptions.payments,
      manage_plans: A.adminSubscriptions.createPlan,
    },
    api: {
      list: (c, query) => c.adminSubscriptions.list({ query }),
      listKey: 'subscriptions',
      one: (c, id) => c.adminSubscriptions.get({ params: { id } }),
    },
  },
  // Payments: a list of its own for the Subscriptions screen's Payments tab (no route or sidebar item).
  {
    name: 'payments',
    label: 'Payments',
    icon: 'subscriptions',
    routes: {},
    actions: { list: A.adminSubscriptions.payments, refund: A.adminSubscriptions.refund },
    api: {
      list: (c, query) => c.adminSubscriptions.payments({ query }),
      listKey: 'payments',
      one: (c, id) => c.adminSubscriptions.payment({ params: { id } }),
    },
  },
  // Security (decision 082): every admin manages their own 2FA and sessions; the tabs over the
  // record and the IP rules are the resources below, each with the permission the API checks.
  // Reached from the top bar, not the sidebar, whose items the spec lists.
  {
    name: 'security',
    label: 'Security',
    icon: 'security',
    routes: { list: '/security' },
    actions: { list: A.staffOwnSecurity.twoFactorStatus },
    inSidebar: false,
  },
  // Data-only resources (no route, so no sidebar item): the Security page's tabs read them
  // through the data provider and its access-control answers.
  {
    name: 'security-events',
    label: 'Security Events',
    icon: 'security',
    routes: {},
    actions: { list: A.adminSecurity.events },
    api: { list: (c, query) => c.adminSecurity.events({ query }), listKey: 'items' },
  },
  {
    name: 'login-attempts',
    label: 'Login Attempts',
    icon: 'security',
    routes: {},
    // Unlocking lets sign-ins through again, as decision 080 gives it: super admins.
    actions: { list: A.adminSecurity.loginAttempts, unlock: A.adminSecurity.unlockAccount },
    api: { list: (c, query) => c.adminSecurity.loginAttempts({ query }), listKey: 'items' },
  },
  {
    name: 'ip-rules',
    label: 'IP Rules',
    icon: 'security',
    routes: {},
    actions: {
      list: A.adminSecurity.ipRules,
      create: A.adminSecurity.addIpRule,
      edit: A.adminSecurity.updateIpRule,
      delete: A.adminSecurity.deleteIpRule,
    },
    api: {
      // One short list, not paged: the query is not sent.
      list: (c) => c.adminSecurity.ipRules(),
      listKey: 'items',
      update: (c, id, fields) => c.adminSecurity.updateIpRule({ params: { id }, body: fields }),
      remove: (c, id) => c.adminSecurity.deleteIpRule({ params: { id } }),
    },
  },
];

export function findResource(name: string | undefined): AdminResource | undefined {
  return name ? ADMIN_RESOURCES.find((resource) => resource.name === name) : undefined;
}

/** The API side of a resource; a data call for a resource without one is a programming error. */
export function resourceApi(name: string): ResourceApi {
  const api = findResource(name)?.api;
  if (!api) throw new Error(`The resource "${name}" has no API`);
  return api;
}

/**
 * The permissions an action needs, all of which must be held; null when nobody declared the action
 * (refused). Viewing one record needs what viewing the list needs unless `show` says otherwise.
 */
export function requiredPermissions(resource: string, action: string): readonly Permission[] | null {
  const item = findResource(resource);
  if (!item) return null;
  const declared = item.actions[action] ?? (action === 'show' ? item.actions.list : undefined);
  return declared ? declared.access.permissions : null;
}

/** The browser path of a resource's list, e.g. /admin/users. */
export function hrefOf(resource: AdminResource): string {
  return `${ADMIN_BASENAME}${resource.routes.list ?? ''}`;
}

/**
 * An item is active when the path equals its href or starts with it. "Starts with" is taken per
 * path segment, so /admin/users/42 activates User Management but /admin/usersx does not.
 */
export function isActivePath(pathname: string, resource: AdminResource): boolean {
  if (!resource.routes.list) return false; // a data-only resource owns no path
  const href = hrefOf(resource);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === href || path.startsWith(`${href}/`);
}

/**
 * The resource a browser path belongs to: its list prefix, else one of its other routes (the
 * report detail /admin/reports/7 belongs to Reports though its list is /admin/data/reports).
 */
export function resourceOfPath(pathname: string): AdminResource | undefined {
  const path = pathname.startsWith(ADMIN_BASENAME) ? pathname : `${ADMIN_BASENAME}${pathname}`;
  return (
    ADMIN_RESOURCES.find((resource) => isActivePath(path, resource)) ??
    ADMIN_RESOURCES.find((resource) =>
      Object.values(resource.routes).some((route) => {
        const prefix = `${ADMIN_BASENAME}${route.split('/:')[0]}`;
        return route.includes('/:') && path.startsWith(`${prefix}/`);
      }),
    )
  );
}

/**
 * Refine's resource declarations, derived from the list above. Only plain data goes into `meta`
 * (Refine folds it into its query keys), so icons and page components are looked up by name.
 */
export const resources: ResourceProps[] = ADMIN_RESOURCES.map((resource) => ({
  name: resource.name,
  list: resource.routes.list,
  show: resource.routes.show,
  edit: resource.routes.edit,
  create: resource.routes.create,
  meta: {
    label: resource.label,
    iconKey: resource.icon,
    canDelete: Boolean(resource.actions.delete),
    hide: resource.inSidebar === false,
  },
}));

/** The browser tab title: the screen's sidebar label, else the login or portal name. */
export function documentTitle({ pathname }: { pathname?: string }): string {
  const path = pathname ?? '';
  if (path === '/login' || path.endsWith(`${ADMIN_BASENAME}/login`)) return 'Admin Login · ReportSaathi';
  const item = resourceOfPath(path);
  return `${item ? item.label : 'Admin Portal'} · ReportSaathi`;
}
