import {
  DEFAULT_MAINTENANCE_MESSAGE,
  type MaintenanceError,
  type MaintenanceStatus,
} from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import { getBoolSetting, getStringSetting } from './settings.service';

/**
 * Maintenance mode closes the patient side (pages, user, guest and sign-in calls) with a 503
 * and the admin's message, while the back office and its API stay open so staff can work and
 * switch it off. Health and the public status call stay open so monitors and the patient pages
 * can tell what is going on.
 */
const ALWAYS_OPEN = new Set(['/health', '/status/maintenance']);

export function closedDuringMaintenance(route: { path: string; access: { kind: string } }): boolean {
  if (route.access.kind === 'admin') return false;
  if (route.path === '/admin' || route.path.startsWith('/admin/')) return false;
  return !ALWAYS_OPEN.has(route.path);
}

export async function maintenanceStatus(db: DB): Promise<MaintenanceStatus> {
  if (!(await getBoolSetting(db, 'maintenance_mode')))
    return { maintenance_mode: false, message: null, estimated_duration: null };
  const message = (await getStringSetting(db, 'maintenance_message')) || DEFAULT_MAINTENANCE_MESSAGE;
  const duration = (await getStringSetting(db, 'maintenance_estimated_duration')) || null;
  return { maintenance_mode: true, message, estimated_duration: duration };
}

/** The 503 answer when maintenance is on, else null. Cached reads: no query on most requests. */
export async function maintenanceRefusal(db: DB): Promise<MaintenanceError | null> {
  const status = await maintenanceStatus(db);
  if (!status.maintenance_mode) return null;
  return {
    detail: status.message ?? DEFAULT_MAINTENANCE_MESSAGE,
    maintenance: true,
    estimated_duration: status.estimated_duration,
  };
}
