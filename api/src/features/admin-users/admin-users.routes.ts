import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import {
  activateUser,
  exportUsersCsv,
  listAdminUsers,
  suspendUser,
  updateUserByAdmin,
  userDetail,
} from './admin-users.service';

/** /admin/users (contract.adminUsers: who may call each, as its address says). */
export const adminUsersRoutes = [
  defineRoute(contract.adminUsers.list, ({ deps, query }) => listAdminUsers(deps, query)),
  defineRoute(contract.adminUsers.exportCsv, ({ deps, actor, query, res }) =>
    exportUsersCsv(deps, actor, query, res),
  ),
  defineRoute(contract.adminUsers.get, ({ deps, params }) => userDetail(deps, params.id)),
  defineRoute(contract.adminUsers.update, ({ deps, actor, params, body }) =>
    updateUserByAdmin(deps, actor, params.id, body),
  ),
  defineRoute(contract.adminUsers.suspend, ({ deps, actor, params, query }) =>
    suspendUser(deps, actor, params.id, query.reason),
  ),
  defineRoute(contract.adminUsers.activate, ({ deps, actor, params }) =>
    activateUser(deps, actor, params.id),
  ),
];
