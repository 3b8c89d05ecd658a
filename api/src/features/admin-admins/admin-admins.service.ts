import { ADMIN_NOT_FOUND } from '@reportsaathi/contracts';
import {
  LAST_SUPER_ADMIN,
  type AdminAccount,
  type AdminAccountChange,
  type AdminAdminSort,
  type AdminAdminsList,
  type AdminCreate,
  type AdminRole,
} from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import type { AdminActor } from '../../kernel/principal';
import { conflict, notFound } from '../../kernel/errors';
import { pageFields, type ListQuery } from '../../http/list-query';
import { createAdmin } from '../admin-auth';
import { audited } from '../audit';
import { revokeAllSessions } from '../../platform/sessions';
import {
  findAdmin,
  listAdmins,
  lockActiveSuperAdmins,
  updateAdmin,
  type AdminFilters,
  type AdminRow,
} from './admin-admins.repo';

const TAKEN = 'Username or email already exists';

function toAccount(a: AdminRow): AdminAccount {
  return {
    id: a.id,
    username: a.username,
    email: a.email,
    full_name: a.full_name,
    role: a.role,
    is_active: a.is_active,
    last_login: a.last_login?.toISOString() ?? null,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}

export async function listAdminAccounts(
  deps: AppDeps,
  q: ListQuery<AdminAdminSort> & AdminFilters,
): Promise<AdminAdminsList> {
  const { rows, total, total_is_estimate } = await listAdmins(deps.db, q);
  return {
    admins: rows.map(toAccount),
    ...pageFields(total, q),
    total_is_estimate,
  };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export async function createAdminAccount(
  deps: AppDeps,
  actor: AdminActor,
  input: AdminCreate & { role: AdminRole },
): Promise<AdminAccountChange> {
  const created = await audited(
    deps,
    actor,
    {
      action: 'create_admin',
      resource_type: 'admin',
      details: { username: input.username, email: input.email, role: input.role },
    },
    async (trx, note) => {
      try {
        const admin = await createAdmin(trx, input);
        note.resourceId(admin.id);
        return admin;
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(TAKEN);
        throw err;
      }
    },
  );
  const row = await findAdmin(deps.db, created.id);
  return { message: 'Admin created successfully', admin: toAccount(row!) };
}

/**
 * The rule that keeps the back office reachable: the last active super admin can be neither
 * demoted nor deactivated. Checked under a lock on the super admins' rows.
 */
async function assertNotLastSuperAdmin(trx: DB, target: AdminRow): Promise<void> {
  if (target.role !== 'super_admin' || !target.is_active) return;
  const others = (await lockActiveSuperAdmins(trx)).filter((id) => id !== target.id);
  if (others.length === 0) throw conflict(LAST_SUPER_ADMIN);
}

async function changeAdmin(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  action: string,
  changes: { full_name?: string; email?: string; is_active?: boolean; role?: AdminRole },
  message: string,
): Promise<AdminAccountChange> {
  const admin = await audited(
    deps,
    actor,
    { action, resource_type: 'admin', resource_id: id, details: { changes } },
    async (trx, note) => {
      const before = await findAdmin(trx, id);
      if (!before) throw notFound(ADMIN_NOT_FOUND);
      const demotes = changes.role !== undefined && changes.role !== 'super_admin';
      if (changes.is_active === false || demotes) await assertNotLastSuperAdmin(trx, before);
      let after: AdminRow | undefined;
      try {
        after = await updateAdmin(trx, id, changes);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(TAKEN);
        throw err;
      }
      note.details({ username: before.username, before: { role: before.role, is_active: before.is_active } });
      // A deactivated admin is signed out everywhere at once.
      if (changes.is_active === false)
        note.details({ sessions_revoked: await revokeAllSessions(trx, { adminId: id }) });
      return after!;
    },
  );
  return { message, admin: toAccount(admin) };
}

export function updateAdminAccount(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  changes: { full_name?: string; email?: string; is_active?: boolean },
) {
  return changeAdmin(deps, actor, id, 'update_admin', changes, 'Admin updated successfully');
}

export function changeAdminRole(deps: AppDeps, actor: AdminActor, id: number, role: AdminRole) {
  return changeAdmin(deps, actor, id, 'change_admin_role', { role }, 'Admin role changed successfully');
}

export function deactivateAdmin(deps: AppDeps, actor: AdminActor, id: number) {
  return changeAdmin(
    deps,
    actor,
    id,
    'deactivate_admin',
    { is_active: false },
    'Admin deactivated successfully',
  );
}
