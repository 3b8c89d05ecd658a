import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../api/src/routes';
import { signedInAdmin } from './admin-helpers';
import { createTestApp, type TestApp } from './harness';

/**
 * Taking data out of the back office needs export_data, everywhere: the audit trail's CSV as well
 * as the bulk export and the users, reports and chats exports. The rule is checked on the route
 * table (every admin route that exports or downloads), and over HTTP for the audit CSV a viewer
 * (view_audit_logs, no export_data) could take before.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const EXPORTING = /(^|\/)(bulk-)?export(s)?(\/|-|$)|\/download(\/|$)/;

describe('export needs export_data', () => {
  it('every admin route that exports data asks for export_data', () => {
    const exporting = ROUTES.filter((r) => r.path.startsWith('/admin') && EXPORTING.test(r.path));
    expect(exporting.length).toBeGreaterThanOrEqual(6);
    const missing = exporting
      .filter((r) => r.access.kind !== 'admin' || !r.access.permissions.includes('export_data'))
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it('a viewer reads the audit log but cannot export it; an admin can', async () => {
    const { c: viewer } = await signedInAdmin(t, 'viewer');
    expect((await viewer.get('/admin/audit/logs')).status).toBe(200);
    const refused = await viewer.get('/admin/audit/logs/export/csv');
    expect(refused.status).toBe(403);
    const { c: admin } = await signedInAdmin(t, 'admin');
    const csv = await admin.get('/admin/audit/logs/export/csv');
    expect(csv.status).toBe(200);
  });
});
