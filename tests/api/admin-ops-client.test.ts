import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, createApiClient, fileOf, type ApiClient } from '@reportsaathi/contracts';
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
    const created = await api.adminAdmins.create({
      body: {
        username: 'client-made',
        email: 'client-made@staff.in',
        full_name: 'Client Made',
        role: 'viewer',
        password: 'viewerpass1',
      },
    });
    parses(contract.adminAdmins.create.response, created);
    const renamed = await api.adminAdmins.update({
      params: { id: created.admin.id },
      body: { full_name: 'Client Renamed' },
    });
    expect(renamed.admin.full_name).toBe('Client Renamed');
    const promoted = await api.adminAdmins.changeRole({
      params: { id: created.admin.id },
      body: { role: 'moderator' },
    });
    expect(promoted.admin.role).toBe('moderator');
    const off = await api.adminAdmins.deactivate({ params: { id: created.admin.id } });
    expect(off.admin.is_active).toBe(false);
    const list = await api.adminAdmins.list({ query: { search: 'client-made', is_active: false } });
    parses(contract.adminAdmins.list.response, list);
    expect(list.admins.map((a) => a.username)).toEqual(['client-made']);

    parses(contract.adminOverview.stats.response, await api.adminOverview.stats());
    const activity = await api.adminOverview.recentActivity({ query: { limit: 3 } });
    parses(contract.adminOverview.recentActivity.response, activity);
    expect(activity.admin_actions?.length).toBeGreaterThan(0);
  });

  it('settings, maintenance status and moderation', async () => {
    parses(contract.adminSettings.initialize.response, await api.adminSettings.initialize());
    const list = await api.adminSettings.list({ query: { category: 'system' } });
    parses(contract.adminSettings.list.response, list);
    expect(list.settings.every((s) => s.category === 'system')).toBe(true);
    parses(contract.adminSettings.categories.response, await api.adminSettings.categories());
    parses(contract.adminSettings.status.response, await api.adminSettings.status());
    const key = list.settings.find((s) => s.data_type === 'boolean')!.key;
    const one = await api.adminSettings.get({ params: { setting_key: key } });
    parses(contract.adminSettings.get.response, one);
    const changed = await api.adminSettings.update({
      params: { setting_key: key },
      body: { value: !one.value },
    });
    expect(changed.value).toBe(!one.value);
    await api.adminSettings.update({ params: { setting_key: key }, body: { value: one.value } });

    const on = await api.adminSettings.maintenanceMode({ body: { enabled: true, message: 'Back soon' } });
    expect(on).toEqual({ message: 'Maintenance mode enabled', maintenance_mode: true });
    expect(await api.status.maintenance()).toMatchObject({ maintenance_mode: true, message: 'Back soon' });
    await api.adminSettings.maintenanceMode({ body: { enabled: false } });
    expect((await api.status.maintenance()).maintenance_mode).toBe(false);

    parses(contract.adminModeration.stats.response, await api.adminModeration.stats());
    const queue = await api.adminModeration.queue({ query: { limit: 25 } });
    parses(contract.adminModeration.queue.response, queue);
    const missing = await api.adminModeration
      .content({ params: { type: 'chat', id: 99_999_999 } })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, detail: 'Chat not found' });
    const decided = await api.adminModeration
      .moderate({ params: { type: 'chat', id: 99_999_999 }, body: { action: 'approve' } })
      .catch((e: unknown) => e);
    expect(decided).toMatchObject({ status: 404 });
    const bulk = await api.adminModeration.bulkModerate({
      params: { type: 'feedback' },
      body: { action: 'approve', content_ids: [99_999_999] },
    });
    parses(contract.adminModeration.bulkModerate.response, bulk);
    expect(bulk.failed.map((f) => f.id)).toEqual([99_999_999]);
  });

  it('subscriptions, plans and payments', async () => {
    const plan = await api.adminSubscriptions.createPlan({
      body: {
        code: 'client_plan',
        name: 'Client Plan',
        price_monthly_paise: 9900,
        price_yearly_paise: 99000,
      },
    });
    parses(contract.adminSubscriptions.createPlan.response, plan);
    const edited = await api.adminSubscriptions.updatePlan({
      params: { id: plan.id },
      body: { name: 'Client Plan 2' },
    });
    expect(edited.name).toBe('Client Plan 2');
    parses(contract.adminSubscriptions.plans.response, await api.adminSubscriptions.plans());
    parses(contract.adminSubscriptions.dashboard.response, await api.adminSubscriptions.dashboard());
    const subs = await api.adminSubscriptions.list({ query: { status: 'active', sort_by: 'status' } });
    parses(contract.adminSubscriptions.list.response, subs);
    const payments = await api.adminSubscriptions.payments({ query: { sort_by: 'amount_paise' } });
    parses(contract.adminSubscriptions.payments.response, payments);
    const missing = await api.adminSubscriptions
      .payment({ params: { id: 99_999_999 } })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, detail: 'Payment not found' });
    const gone = { status: 404, detail: 'Subscription not found' };
    expect(
      await api.adminSubscriptions.get({ params: { id: 99_999_999 } }).catch((e: unknown) => e),
    ).toMatchObject(gone);
    const noChange = api.adminSubscriptions.update({
      params: { id: 99_999_999 },
      body: { status: 'cancelled' },
    });
    expect(await noChange.catch((e: unknown) => e)).toMatchObject(gone);
    const noCancel = api.adminSubscriptions.cancel({ params: { id: 99_999_999 }, body: { reason: 'test' } });
    expect(await noCancel.catch((e: unknown) => e)).toMatchObject(gone);
    const noRefund = api.adminSubscriptions.refund({ params: { id: 99_999_999 }, body: { reason: 'test' } });
    expect(await noRefund.catch((e: unknown) => e)).toMatchObject({
      status: 404,
      detail: 'Payment not found',
    });
  });

  it('audit trail, its CSV and the bulk export ZIP', async () => {
    const logs = await api.adminAudit.logs({ query: { action: 'create_plan', per_page: 5 } });
    parses(contract.adminAudit.logs.response, logs);
    expect(logs.logs[0]?.action).toBe('create_plan');
    parses(contract.adminAudit.log.response, await api.adminAudit.log({ params: { id: logs.logs[0].id } }));
    parses(contract.adminAudit.actions.response, await api.adminAudit.actions());
    parses(contract.adminAudit.resourceTypes.response, await api.adminAudit.resourceTypes());
    const stats = await api.adminAudit.stats({ query: { days: 7 } });
    expect(stats.days).toBe(7);

    // The entry's address and the query string (empty values left out) make the request.
    const raw = await api.adminAudit.exportCsv.raw({ query: { action: 'create_plan', admin_email: '' } });
    expect(raw.url).toBe(`${t.baseUrl}/admin/audit/logs/export/csv?action=create_plan`);
    const csv = await fileOf(raw);
    expect(csv.filename).toMatch(/^audit_logs_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await csv.blob.text()).toContain('create_plan');

    parses(contract.adminExport.options.response, await api.adminExport.options());
    const zip = await fileOf(
      await api.adminExport.bulkExport.raw({ body: { export_types: ['audit_logs'], format: 'json' } }),
    );
    expect(zip.filename).toMatch(/^bulk_export_\d{4}-\d{2}-\d{2}\.zip$/);
    const files = Object.keys((await JSZip.loadAsync(await zip.blob.arrayBuffer())).files);
    expect(files).toContain('metadata.json');
    const refused = await api.adminExport.bulkExport
      .raw({ body: { export_types: [] } })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400 });
  });

  it('the staff security screens', async () => {
    const rule = await api.adminSecurity.addIpRule({ body: { ip_cidr: '203.0.113.0/24', kind: 'block' } });
    parses(contract.adminSecurity.addIpRule.response, rule);
    const updated = await api.adminSecurity.updateIpRule({
      params: { id: rule.id },
      body: { description: 'test range' },
    });
    expect(updated.description).toBe('test range');
    const rules = await api.adminSecurity.ipRules();
    parses(contract.adminSecurity.ipRules.response, rules);
    expect(rules.items.map((r) => r.id)).toContain(rule.id);
    expect(await api.adminSecurity.deleteIpRule({ params: { id: rule.id } })).toHaveProperty('message');

    parses(contract.adminSecurity.events.response, await api.adminSecurity.events({ query: { limit: 5 } }));
    const attempts = await api.adminSecurity.loginAttempts({ query: { kind: 'admin', success: true } });
    parses(contract.adminSecurity.loginAttempts.response, attempts);
    expect(attempts.items.length).toBeGreaterThan(0);
    parses(contract.adminSecurity.stats.response, await api.adminSecurity.stats({ query: { days: 3 } }));
    const unlocked = await api.adminSecurity.unlockAccount({
      body: { kind: 'user', identifier: 'nobody@example.com' },
    });
    expect(unlocked).toEqual({ message: 'Account unlocked', cleared_failures: 0 });
  });
});
