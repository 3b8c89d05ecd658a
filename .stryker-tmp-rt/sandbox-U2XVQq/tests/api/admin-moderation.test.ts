// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from './harness';
import { seedChat, seedReport, seedUser, signedInAdmin } from './admin-helpers';

let t: TestApp;
let mod: Client;
const ids = { selfHarm: 0, abuse: 0, byAdmin: 0, report: 0, clean: 0, b1: 0, b2: 0 };

beforeAll(async () => {
  t = await createTestApp();
  mod = (await signedInAdmin(t, 'moderator')).c;
  const u = await seedUser(t, { full_name: 'Asha Rao', email: 'asha@example.com' });
  const r = await seedReport(t, u.id, { original_filename: 'cbc.pdf' });
  const chat = (values: Parameters<typeof seedChat>[3]) => seedChat(t, u.id, r.id, values).then((c) => c.id);
  ids.selfHarm = await chat({ message: 'I want to end my life' });
  await t.db
    .updateTable('chats')
    .set({ is_flagged: true, flag_reason: 'auto:self_harm:high' })
    .where('id', '=', ids.selfHarm)
    .execute();
  ids.abuse = await chat({ message: 'you idiot bot' });
  await t.db
    .updateTable('chats')
    .set({ is_flagged: true, flag_reason: 'auto:abuse:medium' })
    .where('id', '=', ids.abuse)
    .execute();
  ids.byAdmin = await chat({ message: 'spam link', is_flagged: true });
  ids.clean = await chat({ message: 'What is haemoglobin?' });
  ids.b1 = await chat({ message: 'bulk one', is_flagged: true });
  ids.b2 = await chat({ message: 'bulk two', is_flagged: true });
  const rep = await seedReport(t, u.id, { original_filename: 'holiday.jpg' });
  await t.db
    .updateTable('reports')
    .set({ is_flagged: true, flag_reason: 'auto:not_medical:low' })
    .where('id', '=', rep.id)
    .execute();
  ids.report = rep.id;
});
afterAll(async () => {
  await t?.close();
});

describe('moderation queue', () => {
  it('shows flagged items as pending with severity from the flag reason', async () => {
    const res = await mod.get('/admin/moderation/queue?limit=25');
    expect(res.status).toBe(200);
    const by = (id: number, type = 'chat') =>
      res.body.find((i: { id: number; content_type: string }) => i.id === id && i.content_type === type);
    expect(by(ids.selfHarm)).toMatchObject({
      severity: 'high',
      status: 'pending',
      user_email: 'asha@example.com',
      user_name: 'Asha Rao',
    });
    expect(by(ids.abuse).severity).toBe('medium');
    expect(by(ids.byAdmin).severity).toBe('medium');
    expect(by(ids.report, 'report')).toMatchObject({ severity: 'low', content_type: 'report' });
    expect(by(ids.clean)).toBeUndefined();
    const reports = await mod.get('/admin/moderation/queue?contentType=report&status=pending');
    expect(reports.body.map((i: { id: number }) => i.id)).toEqual([ids.report]);
    expect((await mod.get('/admin/moderation/queue?limit=30')).status).toBe(400);
    const stats = await mod.get('/admin/moderation/queue/stats');
    expect(stats.body).toMatchObject({
      total_flagged: 6,
      pending_review: 6,
      reports_flagged: 1,
      chats_flagged: 5,
    });
  });

  it('shows one item with context, and 404 for a missing one', async () => {
    const res = await mod.get(`/admin/moderation/content/${'chat'}/${ids.selfHarm}`);
    expect(res.body).toMatchObject({
      content_type: 'chat',
      content: 'I want to end my life',
      is_flagged: true,
      moderated_at: null,
    });
    expect(res.body.context.report_filename).toBe('cbc.pdf');
    const missing = await mod.get(`/admin/moderation/content/${'chat'}/${987654}`);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Chat not found');
    expect((await mod.get(`/admin/moderation/content/${'video'}/${1}`)).status).toBe(404);
  });

  it('approves and rejects once; a second decision is a 409', async () => {
    const ok = await mod.post(`/admin/moderation/content/${'chat'}/${ids.abuse}/moderate`, {
      action: 'approve',
      notes: 'Approved by admin',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'reviewed', is_flagged: false });
    const again = await mod.post(`/admin/moderation/content/${'chat'}/${ids.abuse}/moderate`, {
      action: 'reject',
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This chat was already moderated (reviewed)');
    const rej = await mod.post(`/admin/moderation/content/${'report'}/${ids.report}/moderate`, {
      action: 'reject',
      reason: 'Content policy violation',
      notes: 'Rejected by admin',
    });
    expect(rej.body).toMatchObject({ status: 'rejected', is_flagged: true });
    const detail = await mod.get(`/admin/moderation/content/${'report'}/${ids.report}`);
    expect(detail.body.moderation_notes).toBe('Rejected by admin');
    expect(detail.body.decisions[0]).toMatchObject({ action: 'reject', reason: 'Content policy violation' });
    const clean = await mod.post(`/admin/moderation/content/${'chat'}/${ids.clean}/moderate`, {
      action: 'approve',
    });
    expect(clean.status).toBe(409);
    expect(
      (await mod.post(`/admin/moderation/content/${'chat'}/${987654}/moderate`, { action: 'approve' }))
        .status,
    ).toBe(404);
    expect(
      (await mod.post(`/admin/moderation/content/${'chat'}/${ids.selfHarm}/moderate`, { action: 'delete' }))
        .status,
    ).toBe(400);
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'moderate_approve')
      .execute();
    expect(audit.map((a) => a.success)).toEqual(['success', 'failed', 'failed']); // refused attempts leave a trail
    const decisions = await t.db.selectFrom('moderation_decisions').selectAll().execute();
    expect(decisions.length).toBe(2);
  });

  it('bulk approves, reporting items already moderated as partial', async () => {
    const res = await mod.post(`/admin/moderation/content/${'chat'}/bulk-moderate`, {
      content_ids: [ids.b1, ids.b2, ids.abuse],
      action: 'approve',
      reason: 'Bulk approved',
    });
    expect(res.status).toBe(200);
    expect(res.body.succeeded).toEqual([ids.b1, ids.b2]);
    expect(res.body.failed).toEqual([
      { id: ids.abuse, detail: 'This chat was already moderated (reviewed)' },
    ]);
    const [audit] = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'bulk_moderate_approve')
      .execute();
    expect(audit.success).toBe('partial');
    const flag = await mod.post(`/admin/moderation/content/${'chat'}/bulk-moderate`, {
      content_ids: [ids.b1],
      action: 'flag',
      reason: 'Bulk flagged for review',
    });
    expect(flag.body.succeeded).toEqual([ids.b1]);
    const queue = await mod.get('/admin/moderation/queue?contentType=chat&status=pending');
    expect(queue.body.map((i: { id: number }) => i.id)).toContain(ids.b1);
    expect(
      (
        await mod.post(`/admin/moderation/content/${'chat'}/bulk-moderate`, {
          content_ids: [],
          action: 'approve',
        })
      ).status,
    ).toBe(400);
    const viewer = (await signedInAdmin(t, 'viewer')).c;
    expect((await viewer.get('/admin/moderation/queue')).status).toBe(403);
  });
});
