import { maintenanceModeRequest, SETTING_CATEGORIES, updateSettingRequest } from '@reportsaathi/contracts';
import { z } from 'zod';
import { boolParam, enumParam } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { ADMIN, PUBLIC } from '../../kernel/access';
import { maintenanceStatus } from '../../platform/settings/maintenance';
import {
  getSetting,
  initializeSettings,
  listSettings,
  setMaintenanceMode,
  settingCategories,
  SETTING_NOT_FOUND,
  systemStatus,
  updateSetting,
} from './settings.manage';

const keyParams = {
  params: z.object({ setting_key: z.string().regex(/^[a-z0-9_]{1,100}$/) }),
  notFound: SETTING_NOT_FOUND,
};

/** /admin/settings: view_system_settings reads, manage_system_settings changes. */
export const settingsRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/settings',
    access: ADMIN('view_system_settings'),
    query: z.object({
      category: enumParam('category', SETTING_CATEGORIES),
      include_sensitive: boolParam('include_sensitive'),
    }),
    handler: ({ deps, query }) => listSettings(deps, query),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/settings/categories',
    access: ADMIN('view_system_settings'),
    handler: ({ deps }) => settingCategories(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/settings/status/system',
    access: ADMIN('view_system_settings'),
    handler: ({ deps }) => systemStatus(deps),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/settings/initialize',
    access: ADMIN('manage_system_settings'),
    handler: ({ deps, actor }) => initializeSettings(deps, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/settings/maintenance-mode',
    access: ADMIN('manage_system_settings'),
    body: maintenanceModeRequest,
    handler: ({ deps, actor, body }) => setMaintenanceMode(deps, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/settings/:setting_key',
    access: ADMIN('view_system_settings'),
    ...keyParams,
    handler: ({ deps, params }) => getSetting(deps, params.setting_key),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/settings/:setting_key',
    access: ADMIN('manage_system_settings'),
    ...keyParams,
    body: updateSettingRequest,
    handler: ({ deps, actor, params, body }) => updateSetting(deps, actor, params.setting_key, body),
  }),
  /** What the patient pages show during maintenance (always open). */
  defineRoute({
    method: 'get',
    path: '/status/maintenance',
    access: PUBLIC,
    handler: ({ deps }) => maintenanceStatus(deps.db),
  }),
];
