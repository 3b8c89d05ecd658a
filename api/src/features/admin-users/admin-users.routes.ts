import { z } from 'zod';
import {
  ADMIN_USER_SORTS,
  ADMIN_USER_STATUSES,
  adminUserUpdate,
  suspendUserQuery,
} from '@reportsaathi/contracts';
import { enumParam, listQuery, searchParam } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { ADMIN } from '../../kernel/access';
import { idParams } from '../../http/validate';
import {
  activateUser,
  exportUsersCsv,
  listAdminUsers,
  suspendUser,
  updateUserByAdmin,
  userDetail,
  USER_NOT_FOUND,
} from './admin-users.service';

const status = enumParam('status', ADMIN_USER_STATUSES);
const userId = { params: idParams('id'), notFound: USER_NOT_FOUND };

/**
 * /admin/users: reading needs view_users, editing edit_users, suspending and activating
 * suspend_users, the CSV export export_data (and view_users, since it reads the same list).
 */
export const adminUsersRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/users/list',
    access: ADMIN('view_users'),
    query: listQuery(ADMIN_USER_SORTS, {}, { status }),
    handler: ({ deps, query }) => listAdminUsers(deps, query),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/users/export/csv',
    access: ADMIN('view_users', 'export_data'),
    query: z.object({ status, search: searchParam }),
    handler: ({ deps, actor, query, res }) => exportUsersCsv(deps, actor, query, res),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/users/:id',
    access: ADMIN('view_users'),
    ...userId,
    handler: ({ deps, params }) => userDetail(deps, params.id),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/users/:id',
    access: ADMIN('edit_users'),
    ...userId,
    body: adminUserUpdate,
    handler: ({ deps, actor, params, body }) => updateUserByAdmin(deps, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/users/:id/suspend',
    access: ADMIN('suspend_users'),
    ...userId,
    query: suspendUserQuery,
    handler: ({ deps, actor, params, query }) => suspendUser(deps, actor, params.id, query.reason),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/users/:id/activate',
    access: ADMIN('suspend_users'),
    ...userId,
    handler: ({ deps, actor, params }) => activateUser(deps, actor, params.id),
  }),
];
