import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { maintenanceStatus } from '../../platform/settings/maintenance';
import {
  getSetting,
  initializeSettings,
  listSettings,
  setMaintenanceMode,
  settingCategories,
  systemStatus,
  updateSetting,
} from './settings.manage';

const s = contract.adminSettings;

/** /admin/settings: view_system_settings reads, manage_system_settings changes. */
export const settingsRoutes = [
  defineRoute(s.list, ({ deps, query }) => listSettings(deps, query)),
  defineRoute(s.categories, ({ deps }) => settingCategories(deps)),
  defineRoute(s.status, ({ deps }) => systemStatus(deps)),
  defineRoute(s.initialize, ({ deps, actor }) => initializeSettings(deps, actor)),
  defineRoute(s.maintenanceMode, ({ deps, actor, body }) => setMaintenanceMode(deps, actor, body)),
  defineRoute(s.get, ({ deps, params }) => getSetting(deps, params.setting_key)),
  defineRoute(s.update, ({ deps, actor, params, body }) =>
    updateSetting(deps, actor, params.setting_key, body),
  ),
  /** What the patient pages show during maintenance (always open). */
  defineRoute(contract.status.maintenance, ({ deps }) => maintenanceStatus(deps.db)),
];
