import type { AccessControlProvider } from '@refinedev/core';
import { hasAllPermissions, type Permission } from '@reportsaathi/contracts/permissions';
import { currentAdmin } from './auth-provider';
import { requiredPermissions } from './resources';

/**
 * What a role may see comes from the one role → permission table in @reportsaathi/contracts (the
 * same table the API enforces). Nothing here restates which role holds what: resources.tsx says
 * which permission each screen or action needs, and this file answers "may this admin?".
 */

/** True when the role holds every permission (an unknown role holds none). */
export function roleCan(role: string | null | undefined, required: readonly Permission[]): boolean {
  if (!role) return false;
  return hasAllPermissions(role, required);
}

/** The same answer as the provider, synchronously, for a role already known. */
export function roleMay(role: string | null | undefined, resource: string, action: string): boolean {
  const required = requiredPermissions(resource, action);
  return required !== null && roleCan(role, required);
}

export const DENIED_REASON = "You don't have permission to access this area.";

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const explicit = params?.permissions as readonly Permission[] | undefined;
    const required = explicit ?? (resource ? requiredPermissions(resource, action) : null);
    if (!required) return { can: false, reason: `No permission is declared for ${action} on ${resource}` };
    const admin = await currentAdmin();
    if (!admin) return { can: false, reason: 'Not signed in' };
    if (roleCan(admin.role, required)) return { can: true };
    return { can: false, reason: DENIED_REASON };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
