import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, createApiClient, type ApiClient } from '@reportsaathi/contracts';
import { createTestApp, type TestApp } from './harness';
import { signedInAdmin } from './admin-helpers';

/**
 * The back office's operations through the typed client: each call reaches its endpoint by the
 * table's address and its answer is what the entry's schema reads; files come back with their name.
 */
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  const { c } = await signedInAdmin(t, 'super_admin');
  api = createApiClient({ baseUrl: t.baseUrl, token: c.bearer });
});

afterAll(async () => {
  await t?.close();
});

const parses = <T>(schema: { parse(v: unknown): unknown }, answer: T) =>
  expect(schema.parse(answer)).toEqual(answer);

describe('back-office operations through the typed client', () => {
  it('admins, figures and recent activity', async () => {
    const created = await api.admin.admins.create({
      username: 'client-made',
      email: 'client-made@staff.in',
      full_name: 'Client Made',
      role: 'viewer',
      password: 'viewerpass1',
    });
    parses(contract.adminAdmins.create.response, created);
    const renamed = await api.admin.admins.update(created.admin.id, { full_name: 'Client Renamed' });
    expect(renamed.admin.full_name).toBe('Client Renamed');
    const promoted = await api.admin.admins.changeRole(created.admin.id, 'moderator');
    expect(promoted.admin.role).toBe('moderator');
    const off = await api.admin.admins.deactivate(created.admin.id);
    expect(off.admin.is_active).toBe(false);
    const list = await api.admin.admins.list({ search: 'client-made', is_active: false });
    parses(contract.adminAdmins.list.response, list);
    expect(list.admins.map((a) => a.username)).toEqual(['client-made']);

    parses(contract.adminOverview.stats.response, await api.admin.stats());
    const activity = await api.admin.recentActivity(3);
    parses(contract.adminOverview.recentActivity.response, activity);
    expect(activity.admin_actions?.length).toBeGreaterThan(0);
  });

  it('settings, maintenance status and moderation', async () => {
    parses(contract.adminSettings.initialize.response, await api.adminSettings.initialize());
    const list = await api.adminSettings.list({ category: 'system' });
    parses(contract.adminSettings.list.response, list);
    expect(list.settings.every((s) => s.category === 'system')).toBe(true);
    parses(contract.adminSettings.categories.response, await api.adminSettings.categories());
    parses(contract.adminSettings.status.response, await api.adminSettings.status());
    const key = list.settings.find((s) => s.data_type === 'boolean')!.key;
    const one = await api.adminSettings.get(key);
    parses(contract.adminSettings.get.response, one);
    const changed = await api.adminSettings.update(key, { value: !one.value });
    expect(changed.value).toBe(!one.value);
    await api.adminSettings.update(key, { value: one.value });

    const on = await api.adminSettings.maintenanceMode({ enabled: true, message: 'Back soon' });
    expect(on).toEqual({ message: 'Maintenance mode enabled', maintenance_mode: true });
    expect(await api.status.maintenance()).toMatchObject({ maintenance_mode: true, message: 'Back soon' });
    await api.adminSettings.maintenanceMode({ enabled: false });
    expect((await api.status.maintenance()).maintenance_mode).toBe(false);

    parses(contract.adminModeration.stats.response, await api.adminModeration.stats());
    const queue = await api.adminModeration.queue({ limit: 25 });
    parses(contract.adminModeration.queue.response, queue);
    const missing = await api.adminModeration.content('chat', 99_999_999).catch((e) => e);
    expect(missing).toMatchObject({ status: 404, detail: 'Chat not found' });
    const decided = await api.adminModeration
      .moderate('chat', 99_999_999, { action: 'approve' })
      .catch((e) => e);
    expect(decided).toMatchObject({ status: 404 });
    const bulk = await api.adminModeration.bulkModerate('feedback', {
      action: 'approve',
      content_ids: [99_999_999],
    });
    parses(contract.adminModeration.bulkModerate.response, bulk);
    expect(bulk.failed.map((f) => f.id)).toEqual([99_999_999]);
  });

  it('subscriptions, plans and payments', async () => {
    const plan = await api.adminSubscriptions.createPlan({
      code: 'client_plan',
      name: 'Client Plan',
      price_monthly_paise: 9900,
      price_yearly_paise: 99000,
    });
    parses(contract.adminSubscriptions.createPlan.response, plan);
    const edited = await api.adminSubscriptions.updatePlan(plan.id, { name: 'Client Plan 2' });
    expect(edited.name).toBe('Client Plan 2');
    parses(contract.adminSubscriptions.plans.response, await api.adminSubscriptions.plans());
    parses(contract.adminSubscriptions.dashboard.response, await api.adminSubscriptions.dashboard());
    const subs = await api.adminSubscriptions.list({ status: 'active', sort_by: 'status' });
    parses(contract.adminSubscriptions.list.response, subs);
    const payments = await api.adminSubscriptions.payments({ sort_by: 'amount_paise' });
    parses(contract.adminSubscriptions.payments.response, payments);
    const missing = await api.adminSubscriptions.payment(99_999_999).catch((e) => e);
    expect(missing).toMatchObject({ status: 404, detail: 'Payment not found' });
    const gone = { status: 404, detail: 'Subscription not found' };
    expect(await api.adminSubscriptions.get(99_999_999).catch((e) => e)).toMatchObject(gone);
    const noChange = api.adminSubscriptions.update(99_999_999, { status: 'cancelled' });
    expect(await noChange.catch((e) => e)).toMatchObject(gone);
    const noCancel = api.adminSubscriptions.cancel(99_999_999, { reason: 'test' });
    expect(await noCancel.catch((e) => e)).toMatchObject(gone);
    const noRefund = api.adminSubscriptions.refund(99_999_999, { reason: 'test' });
    expect(await noRefund.catch((e) => e)).toMatchObject({ status: 404, detail: 'Payment not found' });
  });

  it('audit trail, its CSV and the bulk export ZIP', async () => {
    const logs = await api.adminAudit.logs({ action: 'create_plan', per_page: 5 });
    parses(contract.adminAudit.logs.response, logs);
    expect(logs.logs[0]?.action).toBe('create_plan');
    parses(contract.adminAudit.log.response, await api.adminAudit.log(logs.logs[0].id));
    parses(contract.adminAudit.actions.response, await api.adminAudit.actions());
    parses(contract.adminAudit.resourceTypes.response, await api.adminAudit.resourceTypes());
    const stats = await api.adminAudit.stats(7);
    expect(stats.days).toBe(7);

    expect(api.adminAudit.exportCsvPath({ action: 'create_plan' })).toBe(
      '/admin/audit/logs/export/csv?action=create_plan',
    );
    const csv = await api.adminAudit.exportCsv({ action: 'create_plan' });
    expect(csv.filename).toMatch(/^audit_logs_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await csv.blob.text()).toContain('create_plan');

    parses(contract.adminExport.options.response, await api.adminExport.options());
    const zip = await api.adminExport.bulkExport({ export_types: ['audit_logs'], format: 'json' });
    expect(zip.filename).toMatch(/^bulk_export_\d{4}-\d{2}-\d{2}\.zip$/);
    const files = Object.keys((await JSZip.loadAsync(await zip.blob.arrayBuffer())).files);
    expect(files).toContain('metadata.json');
    const refused = await api.adminExport.bulkExport({ export_types: [] }).catch((e) => e);
    expect(refused).toMatchObject({ status: 400 });
  });

  it('the staff security screens', async () => {
    const rule = await api.admin.security.addIpRule({ ip_cidr: '203.0.113.0/24', kind: 'block' });
    parses(contract.adminSecurity.addIpRule.response, rule);
    const updated = await api.admin.security.updateIpRule(rule.id, { description: 'test range' });
    expect(updated.description).toBe('test range');
    const rules = await api.admin.security.ipRules();
    parses(contract.adminSecurity.ipRules.response, rules);
    expect(rules.items.map((r) => r.id)).toContain(rule.id);
    expect(await api.admin.security.deleteIpRule(rule.id)).toHaveProperty('message');

    parses(contract.adminSecurity.events.response, await api.admin.security.events({ limit: 5 }));
    const attempts = await api.admin.security.loginAttempts({ kind: 'admin', success: true });
    parses(contract.adminSecurity.loginAttempts.response, attempts);
    expect(attempts.items.length).toBeGreaterThan(0);
    parses(contract.adminSecurity.stats.response, await api.admin.security.stats(3));
    const unlocked = await api.admin.security.unlockAccount('user', 'nobody@example.com');
    expect(unlocked).toEqual({ message: 'Account unlocked', cleared_failures: 0 });
  });
});
