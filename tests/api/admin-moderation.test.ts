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
    // The total of the filtered queue rides in X-Total-Count (the body is a plain list).
    expect(Number(res.headers.get('x-total-count'))).toBe(res.body.length);
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
    expect(reports.headers.get('x-total-count')).toBe('1');
    const paged = await mod.get('/admin/moderation/queue?limit=25&offset=2');
    expect(Number(paged.headers.get('x-total-count'))).toBe(res.body.length);
    expect(paged.body).toHaveLength(res.body.length - 2);
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

describe('moderation queue order across statuses', () => {
  let t2: TestApp;
  let m2: Client;
  afterAll(async () => {
    await t2?.close();
  });

  it('lists the newest flags first whatever their status, page after page', async () => {
    t2 = await createTestApp();
    m2 = (await signedInAdmin(t2, 'moderator')).c;
    const u = await seedUser(t2, { email: 'order@example.com' });
    const r = await seedReport(t2, u.id, { original_filename: 'cbc.pdf' });
    // More pending chats than a page holds, all flagged long ago...
    const old: number[] = [];
    for (let i = 0; i < 27; i++)
      old.push((await seedChat(t2, u.id, r.id, { message: `old ${i}`, is_flagged: true })).id);
    for (const [i, id] of old.entries())
      await t2.db
        .updateTable('chats')
        .set({ flagged_at: new Date(Date.UTC(2026, 0, 1 + i)) })
        .where('id', '=', id)
        .execute();
    // ...then the newest flags: a chat that was approved and a report that was rejected since.
    const reviewed = (await seedChat(t2, u.id, r.id, { message: 'newest, approved', is_flagged: true })).id;
    expect(
      (await m2.post(`/admin/moderation/content/chat/${reviewed}/moderate`, { action: 'approve' })).status,
    ).toBe(200);
    const rep = await seedReport(t2, u.id, { original_filename: 'rejected.jpg' });
    await t2.db.updateTable('reports').set({ is_flagged: true }).where('id', '=', rep.id).execute();
    expect(
      (await m2.post(`/admin/moderation/content/report/${rep.id}/moderate`, { action: 'reject' })).status,
    ).toBe(200);

    type Item = { content_type: string; id: number; status: string; flagged_at: string };
    const key = (i: Item) => `${i.content_type}:${i.id}`;
    const first = await m2.get('/admin/moderation/queue?limit=25');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('29');
    expect(first.body.slice(0, 2).map(key)).toEqual([`report:${rep.id}`, `chat:${reviewed}`]);
    expect(first.body.slice(0, 2).map((i: Item) => i.status)).toEqual(['rejected', 'reviewed']);
    const second = await m2.get('/admin/moderation/queue?limit=25&offset=25');
    expect(second.body).toHaveLength(4);
    const all = [...(first.body as Item[]), ...(second.body as Item[])];
    // Every item once, newest flag first.
    expect(new Set(all.map(key)).size).toBe(29);
    const times = all.map((i) => Date.parse(i.flagged_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.slice(2).map(key)).toEqual([...old].reverse().map((id) => `chat:${id}`));

    const pending = await m2.get('/admin/moderation/queue?status=pending&limit=25');
    expect(pending.headers.get('x-total-count')).toBe('27');
    expect(pending.body.map(key)).toEqual(
      [...old]
        .reverse()
        .slice(0, 25)
        .map((id) => `chat:${id}`),
    );
    const stats = await m2.get('/admin/moderation/queue/stats');
    expect(stats.body).toMatchObject({
      total_flagged: 28,
      pending_review: 27,
      reports_flagged: 1,
      chats_flagged: 27,
    });
  });
});
