// @ts-nocheck
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@reportsaathi/db';
import { GUEST_MESSAGES } from '@reportsaathi/contracts';
import { createApp } from '../../api/src/app';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';

/** The main failure of routes whose success is tested elsewhere. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
});
afterAll(async () => {
  await t?.close();
});

const LAB = 'Haemoglobin 13.9 g/dL 13.0 - 17.0\nPlatelet Count 250000 /cumm 150000 - 410000';

async function insertReport(userId: number, status: 'pending' | 'processing' | 'completed') {
  const r = await t.db
    .insertInto('reports')
    .values({
      user_id: userId,
      filename: 'r.txt',
      original_filename: 'r.txt',
      file_type: 'txt',
      mime_type: 'text/plain',
      file_size: 10,
      content_hash: `h-${Math.random()}`,
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

describe('user account', () => {
  it('GET /user/me answers 401 without a token and the user with one', async () => {
    const anon = new Client(t.baseUrl);
    expect((await anon.get('/user/me')).status).toBe(401);
    const c = new Client(t.baseUrl);
    const { email } = await registerAndLogin(c);
    const me = await c.get('/user/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    expect(me.body.password_hash).toBeUndefined();
  });

  it('a deactivated user cannot sign in and their live token stops working', async () => {
    const c = new Client(t.baseUrl);
    const { email, password, user } = await registerAndLogin(c);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    const login = await new Client(t.baseUrl).post('/auth/login', { email, password });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ detail: 'Account is deactivated. Please contact support.' });
    expect(login.body.token).toBeUndefined();
    const me = await c.get('/auth/me');
    expect(me.status).toBe(403);
  });

  it('an inactive admin cannot sign in', async () => {
    await createAdmin(t.db, { username: 'gone-admin', password: 'adminpass123', role: 'admin' });
    await t.db.updateTable('admins').set({ is_active: false }).where('username', '=', 'gone-admin').execute();
    const res = await new Client(t.baseUrl).post('/admin/login', {
      username: 'gone-admin',
      password: 'adminpass123',
    });
    expect(res.status).toBe(401);
    expect(res.body.access_token).toBeUndefined();
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'login')
      .where('success', '=', 'failed')
      .execute();
    expect(audit.some((a) => (a.details as { reason?: string }).reason === 'inactive')).toBe(true);
  });
});

describe('chat and feedback refusals', () => {
  it('POST /chats/ for a report not yet analysed answers 409 and stores nothing', async () => {
    const c = new Client(t.baseUrl);
    const { user } = await registerAndLogin(c);
    const id = await insertReport(user.id, 'pending');
    const res = await c.post('/chats/', { report_id: id, message: 'Is this fine?' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/not been analysed/);
    expect(await t.db.selectFrom('chats').select('id').where('report_id', '=', id).execute()).toHaveLength(0);
  });

  it("POST /feedback/ naming another report's chat answers 404 and records nothing", async () => {
    const c = new Client(t.baseUrl);
    const { user } = await registerAndLogin(c);
    const a = await insertReport(user.id, 'completed');
    const b = await insertReport(user.id, 'completed');
    const chat = await t.db
      .insertInto('chats')
      .values({ user_id: user.id, report_id: b, message: 'q', response: 'a' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await c.post('/feedback/', { report_id: a, chat_id: chat.id, rating: 'helpful' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Chat not found' });
    expect(
      await t.db.selectFrom('feedback').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
    const stored = await t.db
      .selectFrom('chats')
      .select('user_feedback')
      .where('id', '=', chat.id)
      .executeTakeFirst();
    expect(stored?.user_feedback).toBeNull();
  });
});

describe('guest analyze refusals', () => {
  async function sessionWithReport(c: Client) {
    const sid = (await c.post('/guest/session')).body.session_id as string;
    const up = await c.request(
      'POST',
      `/guest/session/${sid}/upload`,
      fileForm('lab.txt', LAB, 'text/plain'),
    );
    expect(up.status).toBe(201);
    return { sid, rid: up.body.report_id as number };
  }
  const analyses = (sid: string) =>
    t.db
      .selectFrom('guest_usage')
      .select('id')
      .where('guest_session_id', '=', sid)
      .where('kind', '=', 'analysis')
      .execute();

  it('a report of another or no session answers 404', async () => {
    await t.db.deleteFrom('guest_usage').execute();
    const c = new Client(t.baseUrl);
    const { sid } = await sessionWithReport(c);
    for (const rid of ['987654', 'abc']) {
      const res = await c.post(`/guest/session/${sid}/reports/${rid}/analyze`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Report not found' });
    }
  });

  it('a report already running is not counted twice nor queued again', async () => {
    await t.db.deleteFrom('guest_usage').execute();
    const c = new Client(t.baseUrl);
    const { sid, rid } = await sessionWithReport(c);
    await waitForReport(c, `/guest/session/${sid}/reports/${rid}`);
    await t.db.updateTable('reports').set({ status: 'processing' }).where('id', '=', rid).execute();
    const res = await c.post(`/guest/session/${sid}/reports/${rid}/analyze`);
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('processing');
    expect(await analyses(sid)).toHaveLength(1);
  });

  it("at today's analysis limit an uncounted report is refused with the limit message", async () => {
    await t.db.deleteFrom('guest_usage').execute();
    const c = new Client(t.baseUrl);
    const { sid, rid } = await sessionWithReport(c);
    await waitForReport(c, `/guest/session/${sid}/reports/${rid}`);
    // Today's three analyses are used up, and this report's was never counted.
    await t.db
      .deleteFrom('guest_usage')
      .where('report_id', '=', rid)
      .where('kind', '=', 'analysis')
      .execute();
    for (let i = 0; i < 3; i++)
      await t.db
        .insertInto('guest_usage')
        .values({ guest_session_id: sid, ip_address: '127.0.0.1', kind: 'analysis' })
        .execute();
    await t.db.updateTable('reports').set({ status: 'pending' }).where('id', '=', rid).execute();
    const res = await c.post(`/guest/session/${sid}/reports/${rid}/analyze`);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: GUEST_MESSAGES.analysisLimit(0) });
    expect(await analyses(sid)).toHaveLength(3);
  });
});

describe('health', () => {
  it('answers 503 with the database marked as down when it cannot reach it', async () => {
    const dead = connectDatabase('postgres://nobody@127.0.0.1:1/none', { max: 1 });
    const server = http.createServer(createApp({ ...t.deps, db: dead.db }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'degraded', database: 'error' });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
      await dead.close();
    }
  });
});
