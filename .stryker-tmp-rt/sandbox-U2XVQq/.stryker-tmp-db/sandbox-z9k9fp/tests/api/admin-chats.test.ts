// @ts-nocheck
// 
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAG_REASON_REQUIRED } from '@reportsaathi/contracts';
import { Client, createTestApp, type TestApp } from './harness';
import {
  auditRows,
  download,
  parseCsv,
  seedChat,
  seedReport,
  seedUser,
  signedInAdmin,
} from './admin-helpers';

let t: TestApp;
let admin: Client;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAdmin(t, 'super_admin')).c;
  const asha = await seedUser(t, { email: 'asha@example.com' });
  const ravi = await seedUser(t, { email: 'ravi@example.com' });
  const ra = await seedReport(t, asha.id, { original_filename: 'asha-cbc.pdf' });
  const rr = await seedReport(t, ravi.id, { original_filename: 'ravi-lipid.pdf' });
  const c1 = await seedChat(t, asha.id, ra.id, {
    message: 'Is 100% oxygen saturation good?',
    response: 'Yes, that is normal.',
    tokens_used: 120,
    processing_time_seconds: 1.5,
    user_feedback: 'helpful',
    created_at: '2026-06-01T23:59:59Z',
  });
  const c2 = await seedChat(t, asha.id, ra.id, {
    message: 'what is hb_a1c?',
    response: null,
    tokens_used: 80,
    processing_time_seconds: 0.5,
    ai_model_used: 'gemini-flash-lite',
    created_at: '2026-06-02T10:00:00Z',
  });
  const c3 = await seedChat(t, ravi.id, rr.id, {
    message: `My doctor said "LDL" isn't bad`,
    response: 'कोलेस्ट्रॉल सामान्य है',
    is_flagged: true,
    user_feedback: 'not_helpful',
    tokens_used: null,
    created_at: '2026-06-03T10:00:00Z',
  });
  Object.assign(ids, { asha: asha.id, ravi: ravi.id, ra: ra.id, rr: rr.id, c1: c1.id, c2: c2.id, c3: c3.id });
});
afterAll(async () => {
  await t?.close();
});

const list = (query: string) => admin.get(`/admin/data/chats${query}`);
const listIds = async (query: string) => (await list(query)).body.chats.map((c: { id: number }) => c.id);

describe('GET /admin/data/chats', () => {
  it('lists chats with user and report, pages and totals', async () => {
    const res = await admin.get('/admin/data/chats?limit=2');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, pages: 2, total_pages: 2, page: 1, total_is_estimate: false });
    expect(res.body.chats[0]).toMatchObject({
      id: ids.c3,
      user_email: 'ravi@example.com',
      user: { email: 'ravi@example.com' },
      report: { filename: 'ravi-lipid.pdf' },
      report_filename: 'ravi-lipid.pdf',
      is_flagged: true,
      user_feedback: 'not_helpful',
    });
    const past = await list('?limit=2&page=3');
    expect(past.body).toMatchObject({ chats: [], total: 3, pages: 2 });
  });

  it('filters by user, report, flag, feedback, model and date (whole end day)', async () => {
    expect(await listIds('?user_email=ASHA')).toEqual([ids.c2, ids.c1]);
    expect(await listIds(`?report_id=${ids.rr}`)).toEqual([ids.c3]);
    expect(await listIds('?is_flagged=true')).toEqual([ids.c3]);
    expect(await listIds('?has_feedback=true')).toEqual([ids.c3, ids.c1]);
    expect(await listIds('?has_feedback=false')).toEqual([ids.c2]);
    expect(await listIds('?ai_model=gemini-flash-lite')).toEqual([ids.c2]);
    expect(await listIds('?date_from=2026-06-01&date_to=2026-06-01')).toEqual([ids.c1]);
    expect((await list('?report_id=abc')).status).toBe(400);
  });

  it('searches message and response literally', async () => {
    expect(await listIds(`?search=${encodeURIComponent('100%')}`)).toEqual([ids.c1]);
    expect(await listIds(`?search=${encodeURIComponent('hb_')}`)).toEqual([ids.c2]);
    expect(await listIds(`?search=${encodeURIComponent(`"LDL" isn't`)}`)).toEqual([ids.c3]);
    expect(await listIds(`?search=${encodeURIComponent('सामान्य')}`)).toEqual([ids.c3]);
    expect(await listIds(`?search=${encodeURIComponent('_a1c%')}`)).toEqual([]);
  });

  it('sorts by tokens with unknown values last when descending; bad queries are 400', async () => {
    expect(await listIds('?sort_by=tokens_used&sort_order=desc')).toEqual([ids.c1, ids.c2, ids.c3]);
    expect(await listIds('?sort_by=processing_time_seconds&sort_order=asc')).toEqual([
      ids.c3,
      ids.c2,
      ids.c1,
    ]);
    const bad = await list('?sort_by=message');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(
      'sort_by must be one of: created_at, updated_at, processing_time_seconds, tokens_used',
    );
    expect((await list('?limit=100000')).status).toBe(400);
    expect((await list('?page=-1')).status).toBe(400);
  });
});

describe('chat stats, detail and by report', () => {
  it('answers the stats', async () => {
    const res = await admin.get('/admin/data/chats/stats');
    expect(res.body).toEqual({
      total_chats: 3,
      flagged_chats: 1,
      average_processing_time: 1,
      average_tokens_used: 100,
      total_is_estimate: false,
    });
  });

  it('answers one chat, or 404', async () => {
    const res = await admin.get(`/admin/data/chats/${ids.c2}`);
    expect(res.body).toMatchObject({ id: ids.c2, message: 'what is hb_a1c?', response: null });
    expect((await admin.get('/admin/data/chats/987654')).status).toBe(404);
  });

  it("answers a report's conversation oldest first, or 404 for a missing report", async () => {
    const res = await admin.get(`/admin/data/chats/by-report/${ids.ra}`);
    expect(res.body.chats.map((c: { id: number }) => c.id)).toEqual([ids.c1, ids.c2]);
    expect((await admin.get('/admin/data/chats/by-report/987654')).status).toBe(404);
  });
});

describe('moderation', () => {
  it('flag needs a reason; flag, unflag, note and PATCH change the chat and are audited', async () => {
    const none = await admin.post(`/admin/data/chats/${ids.c1}/flag`, {});
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe(FLAG_REASON_REQUIRED);

    const flag = await admin.post(`/admin/data/chats/${ids.c1}/flag`, { reason: 'Medical misinformation' });
    expect(flag.status).toBe(200);
    expect(flag.body.chat).toMatchObject({
      is_flagged: true,
      flag_reason: 'Medical misinformation',
      moderation_status: 'pending',
    });
    expect((await auditRows(t, 'flag_chat'))[0]).toMatchObject({
      resource_id: String(ids.c1),
      success: 'success',
    });

    const unflag = await admin.post(`/admin/data/chats/${ids.c1}/unflag`);
    expect(unflag.body.chat).toMatchObject({
      is_flagged: false,
      flag_reason: null,
      moderation_status: 'reviewed',
    });
    expect((await auditRows(t, 'unflag_chat'))[0].success).toBe('success');

    const note = await admin.post(`/admin/data/chats/${ids.c1}/note`, { note: 'Checked with the doctor' });
    expect(note.body.chat.moderation_notes).toBe('Checked with the doctor');
    expect((await admin.post(`/admin/data/chats/${ids.c1}/note`, { note: ' ' })).status).toBe(400);

    const patch = await admin.request('PATCH', `/admin/data/chats/${ids.c2}`, {
      is_flagged: true,
      moderation_notes: 'odd',
    });
    expect(patch.body.chat).toMatchObject({ is_flagged: true, moderation_notes: 'odd' });
    expect((await auditRows(t, 'update_chat'))[0].success).toBe('success');
    expect((await admin.request('PATCH', `/admin/data/chats/${ids.c2}`, {})).status).toBe(400);

    expect((await admin.post('/admin/data/chats/987654/unflag')).status).toBe(404);
    expect((await auditRows(t, 'unflag_chat'))[0]).toMatchObject({
      resource_id: '987654',
      success: 'failed',
    });
  });

  it('a moderator may moderate but not delete', async () => {
    const { c } = await signedInAdmin(t, 'moderator');
    expect((await c.post(`/admin/data/chats/${ids.c2}/unflag`)).status).toBe(200);
    expect((await c.delete(`/admin/data/chats/${ids.c2}`)).status).toBe(403);
  });
});

describe('chat export and deletion', () => {
  it('exports the filtered chats as CSV, parsed back, with an audit row', async () => {
    const res = await download(admin, '/admin/data/chats/export/csv?user_email=asha%40example.com');
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="chats_export_${today}.csv"; filename*=UTF-8''chats_export_${today}.csv`,
    );
    const rows = parseCsv(res.text);
    expect(rows.map((r) => r.message)).toEqual(['Is 100% oxygen saturation good?', 'what is hb_a1c?']);
    expect(rows[0]).toMatchObject({
      user_email: 'asha@example.com',
      report_filename: 'asha-cbc.pdf',
      tokens_used: '120',
    });
    expect((await auditRows(t, 'export_chats'))[0].details).toMatchObject({ rows: 2 });
    const all = parseCsv((await download(admin, '/admin/data/chats/export/csv')).text);
    expect(all.find((r) => r.id === String(ids.c3))!.response).toBe('कोलेस्ट्रॉल सामान्य है');
  });

  it('deletes one chat; a bulk delete naming missing ids is partial and says which', async () => {
    const extra = await seedChat(t, ids.asha, ids.ra);
    const del = await admin.delete(`/admin/data/chats/${extra.id}`);
    expect(del.status).toBe(200);
    expect((await auditRows(t, 'delete_chat'))[0]).toMatchObject({
      resource_id: String(extra.id),
      success: 'success',
    });
    expect((await admin.delete(`/admin/data/chats/${extra.id}`)).status).toBe(404);

    const res = await admin.post('/admin/data/chats/bulk-delete', { chat_ids: [ids.c2, 987654] });
    expect(res.body).toMatchObject({
      requested: 2,
      deleted: 1,
      deleted_ids: [ids.c2],
      missing_ids: [987654],
      partial: true,
    });
    const [audit] = await auditRows(t, 'bulk_delete_chats');
    expect(audit.success).toBe('partial');
    expect(audit.details).toMatchObject({ missing_ids: [987654] });
    expect((await admin.post('/admin/data/chats/bulk-delete', { chat_ids: [] })).status).toBe(400);
    // An admin may delete one chat but not several at once: bulk_delete is a super admin's.
    const { c: plainAdmin } = await signedInAdmin(t, 'admin');
    const refused = await plainAdmin.post('/admin/data/chats/bulk-delete', { chat_ids: [ids.c1] });
    expect(refused.status).toBe(403);
    expect(
      await t.db.selectFrom('chats').select('id').where('id', '=', ids.c2).executeTakeFirst(),
    ).toBeUndefined();
  });
});
