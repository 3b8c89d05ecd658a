import type { AccessControlProvider } from '@refinedev/core';
import { hasAllPermissions, permissionsFor, type Permission } from '@reportsaathi/contracts/permissions';
import { currentAdmin } from './auth-provider';
import { navItem } from './resources';

/**
 * What a role may see comes from the one role → permission table in @reportsaathi/contracts
 * (the same table the API enforces with requireAdmin). Nothing here restates which role holds
 * what; this file only says which permission each screen or action needs.
 */

/** Actions beyond viewing, with the permission SPEC §6 names for them. */
const ACTION_PERMISSIONS: Readonly<Record<string, Readonly<Record<string, readonly Permission[]>>>> = {
  users: {
    create: ['create_users'],
    edit: ['edit_users'],
    suspend: ['suspend_users'],
    activate: ['suspend_users'],
    export: ['export_data'],
    delete: ['delete_users'],
  },
  reports: { edit: ['edit_reports'], delete: ['delete_reports'], export: ['export_data'] },
  chats: { edit: ['moderate_chats'], delete: ['delete_chats'], export: ['export_data'] },
  admins: { create: ['create_admins'], edit: ['edit_admins'], delete: ['delete_admins'] },
  audit: { export: ['export_data'] },
  settings: { edit: ['manage_system_settings'] },
};

const VIEW_ACTIONS = new Set(['list', 'show']);

/**
 * The permissions an action on a resource needs, all of which must be held (SPEC §2).
 * Viewing needs the sidebar permission; other actions need their named permission.
 * An action nobody declared returns null and is refused: a new button stays hidden until
 * someone writes down which permission it needs.
 */
export function requiredPermissions(resource: string, action: string): readonly Permission[] | null {
  const item = navItem(resource);
  if (!item) return null;
  if (VIEW_ACTIONS.has(action)) return item.permission ? [item.permission] : [];
  return ACTION_PERMISSIONS[resource]?.[action] ?? null;
}

/** True when the role holds every permission (an unknown role holds none). */
export function roleCan(role: string | null | undefined, required: readonly Permission[]): boolean {
  if (!role) return false;
  return hasAllPermissions(role, required);
}

/** Every permission of the role, per the contracts table. */
export function rolePermissions(role: string | null | undefined): Permission[] {
  return role ? permissionsFor(role) : [];
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const explicit = params?.permissions as readonly Permission[] | undefined;
    const required = explicit ?? (resource ? requiredPermissions(resource, action) : null);
    if (!required) return { can: false, reason: `No permission is declared for ${action} on ${resource}` };
    const admin = await currentAdmin();
    if (!admin) return { can: false, reason: 'Not signed in' };
    if (roleCan(admin.role, required)) return { can: true };
    return { can: false, reason: "You don't have permission to access this area." };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
