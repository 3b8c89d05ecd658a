import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import {
  changeAdminRole,
  createAdminAccount,
  deactivateAdmin,
  listAdminAccounts,
  updateAdminAccount,
} from './admin-admins.service';

/**
 * /admin/admins (super admins only, by the permission table): view_admins to list,
 * create_admins, edit_admins, change_admin_roles and delete_admins (deactivation) to change.
 */
export const adminAdminsRoutes = [
  defineRoute(contract.adminAdmins.list, ({ deps, query }) => listAdminAccounts(deps, query)),
  defineRoute(contract.adminAdmins.create, ({ deps, actor, body }) => createAdminAccount(deps, actor, body)),
  defineRoute(contract.adminAdmins.update, ({ deps, actor, params, body }) =>
    updateAdminAccount(deps, actor, params.id, body),
  ),
  defineRoute(contract.adminAdmins.changeRole, ({ deps, actor, params, body }) =>
    changeAdminRole(deps, actor, params.id, body.role),
  ),
  defineRoute(contract.adminAdmins.deactivate, ({ deps, actor, params }) =>
    deactivateAdmin(deps, actor, params.id),
  ),
];
