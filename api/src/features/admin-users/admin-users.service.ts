import type { Response } from 'express';
import {
  DEFAULT_PREFERENCES,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserListItem,
  type AdminUsersList,
  type AdminUserSort,
  type AdminUserUpdate,
} from '@reportsaathi/contracts';
import { USER_NOT_FOUND } from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import type { AdminActor } from '../../kernel/principal';
import { notFound } from '../../kernel/errors';
import type { ExportColumns } from '../../http/export-stream';
import { pageFields, type ListQuery } from '../../http/list-query';
import { audited, auditedCsvExport } from '../audit';
import { revokeAllSessions } from '../../platform/sessions';
import {
  exportUsersBatch,
  findUser,
  listUsers,
  updateUser,
  userActivity,
  userCounts,
  type UserChanges,
  type UserFilters,
} from './admin-users.repo';

const RECENT_ACTIVITY_ITEMS = 10;

type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function toAdminUser(u: UserRow): AdminUser {
  const prefs = { ...DEFAULT_PREFERENCES, ...(u.preferences ?? {}) };
  return {
    id: u.id,
    email: u.email,
    full_name: u.full_name,
    is_active: u.is_active,
    is_verified: u.is_verified,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
    last_login: iso(u.last_login),
    deactivated_at: iso(u.deactivated_at),
    admin_notes: u.admin_notes,
    preferences: prefs,
  };
}

type ListRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];
function toListItem(u: ListRow): AdminUserListItem {
  return {
    id: u.id,
    email: u.email,
    full_name: u.full_name,
    is_active: u.is_active,
    is_verified: u.is_verified,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
    last_login: iso(u.last_login),
    total_reports: u.total_reports ?? 0,
    total_chats: u.total_chats ?? 0,
  };
}

export async function listAdminUsers(
  deps: AppDeps,
  q: ListQuery<AdminUserSort> & UserFilters,
): Promise<AdminUsersList> {
  const { rows, total, total_is_estimate } = await listUsers(deps.db, q);
  return {
    users: rows.map(toListItem),
    ...pageFields(total, q),
    total_is_estimate,
  };
}

export async function userDetail(deps: AppDeps, id: number): Promise<AdminUserDetail> {
  const user = await findUser(deps.db, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  const [c, activity] = await Promise.all([
    userCounts(deps.db, id),
    userActivity(deps.db, id, RECENT_ACTIVITY_ITEMS),
  ]);
  const totalReports = c.total_reports ?? 0;
  const completed = c.completed_reports ?? 0;
  const finished = completed + (c.failed_reports ?? 0);
  const chats = c.total_chats ?? 0;
  return {
    user: toAdminUser(user),
    stats: {
      total_reports: totalReports,
      completed_reports: completed,
      total_chats: chats,
      total_feedback: c.total_feedback ?? 0,
      // Of the reports whose analysis finished, the share that completed (as on the dashboard).
      success_rate: finished ? round((completed / finished) * 100, 1) : 0,
      avg_chats_per_report: totalReports ? round(chats / totalReports, 2) : 0,
    },
    recent_activity: activity.map((a) => ({
      type: a.type,
      id: a.id,
      title: a.title,
      created_at: new Date(a.created_at).toISOString(),
      status: a.status,
    })),
  };
}

/**
 * Changes a user's account in one audited transaction. Turning is_active off (by the edit form
 * or a suspension) also ends the user's sessions, so a suspended user is signed out at once.
 */
async function changeUser(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  action: string,
  changes: UserChanges,
  details: Record<string, unknown>,
) {
  return audited(
    deps,
    actor,
    { action, resource_type: 'user', resource_id: id, details },
    async (trx, note) => {
      const before = await findUser(trx, id);
      if (!before) throw notFound(USER_NOT_FOUND);
      const after = await updateUser(trx, id, changes);
      if (!after) throw notFound(USER_NOT_FOUND);
      note.details({ email: before.email, before: pick(before, changes), after: pick(after, changes) });
      if (changes.is_active === false)
        note.details({ sessions_revoked: await revokeAllSessions(trx, { userId: id }) });
      return toAdminUser(after);
    },
  );
}

function pick(u: UserRow, changes: UserChanges): Record<string, unknown> {
  return Object.fromEntries(Object.keys(changes).map((k) => [k, u[k as keyof UserChanges]]));
}

export async function updateUserByAdmin(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  changes: AdminUserUpdate,
) {
  const user = await changeUser(deps, actor, id, 'update_user', changes, {});
  return { message: 'User updated successfully', user };
}

export async function suspendUser(deps: AppDeps, actor: AdminActor, id: number, reason: string) {
  const user = await changeUser(deps, actor, id, 'suspend_user', { is_active: false }, { reason });
  return { message: 'User suspended successfully', user };
}

export async function activateUser(deps: AppDeps, actor: AdminActor, id: number) {
  const user = await changeUser(deps, actor, id, 'activate_user', { is_active: true }, {});
  return { message: 'User activated successfully', user };
}

/** The CSV's columns, in order, and how PostgreSQL writes each (decision 051). */
const EXPORT_COLUMNS = {
  id: 'number',
  email: 'text',
  full_name: 'text',
  is_active: 'boolean',
  is_verified: 'boolean',
  created_at: 'time',
  last_login: 'time',
  total_reports: 'number',
  total_chats: 'number',
} as const satisfies ExportColumns;

/** users_export_{YYYY-MM-DD}.csv of the users matching the filters, streamed; audited with its row count. */
/** Streams the CSV itself; nothing is left to answer. */
export async function exportUsersCsv(
  deps: AppDeps,
  actor: AdminActor,
  filters: UserFilters,
  res: Response,
): Promise<undefined> {
  await auditedCsvExport(deps, actor, res, {
    name: 'users',
    resource_type: 'user',
    filters,
    columns: EXPORT_COLUMNS,
    rowsAfter: (after, size) => exportUsersBatch(deps.db, filters, after ?? 0, size),
  });
  return undefined;
}
