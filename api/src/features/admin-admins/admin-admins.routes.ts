import {
  ADMIN_ADMIN_SORTS,
  ADMIN_ROLES,
  adminCreate,
  adminRoleChange,
  adminUpdate,
} from '@reportsaathi/contracts';
import { boolParam, enumParam, listQuery } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { ADMIN } from '../../kernel/access';
import { idParams } from '../../http/validate';
import {
  ADMIN_NOT_FOUND,
  changeAdminRole,
  createAdminAccount,
  deactivateAdmin,
  listAdminAccounts,
  updateAdminAccount,
} from './admin-admins.service';

const adminId = { params: idParams('id'), notFound: ADMIN_NOT_FOUND };

/**
 * /admin/admins (super admins only, by the permission table): view_admins to list,
 * create_admins, edit_admins, change_admin_roles and delete_admins (deactivation) to change.
 */
export const adminAdminsRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/admins',
    access: ADMIN('view_admins'),
    query: listQuery(
      ADMIN_ADMIN_SORTS,
      {},
      { role: enumParam('role', ADMIN_ROLES), is_active: boolParam('is_active') },
    ),
    handler: ({ deps, query }) => listAdminAccounts(deps, query),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/admins',
    access: ADMIN('create_admins'),
    body: adminCreate,
    status: 201,
    handler: ({ deps, actor, body }) => createAdminAccount(deps, actor, body),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/admins/:id',
    access: ADMIN('edit_admins'),
    ...adminId,
    body: adminUpdate,
    handler: ({ deps, actor, params, body }) => updateAdminAccount(deps, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/admins/:id/role',
    access: ADMIN('change_admin_roles'),
    ...adminId,
    body: adminRoleChange,
    handler: ({ deps, actor, params, body }) => changeAdminRole(deps, actor, params.id, body.role),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/admins/:id/deactivate',
    access: ADMIN('delete_admins'),
    ...adminId,
    handler: ({ deps, actor, params }) => deactivateAdmin(deps, actor, params.id),
  }),
];
