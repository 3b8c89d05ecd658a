import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetOldKeys, KEY_REUSED_MESSAGE } from '../../api/src/features/reports/upload-once';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';

/**
 * Decision 091: an upload's Idempotency-Key makes a double submission one
 * report, whichever process receives it. `a` and `b` are two app instances (own pools) on one
 * database and one storage folder, as two API processes behind a load balancer are.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ DATA_DIR: a.deps.env.DATA_DIR }, { database: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const REPORT = 'Hemoglobin 13.5 g/dL 13.0 - 17.0\nGlucose Fasting 92 mg/dL 70 - 100\n';
const upload = (c: Client, key: string | undefined, content = REPORT) =>
  c.request(
    'POST',
    '/reports/upload',
    fileForm('lab.txt', content, 'text/plain'),
    key ? { 'Idempotency-Key': key } : {},
  );

async function storedFiles(): Promise<number> {
  const root = path.join(a.deps.env.DATA_DIR, 'uploads');
  const dirs = await readdir(root).catch(() => []);
  let n = 0;
  for (const d of dirs) n += (await readdir(path.join(root, d))).filter((f) => !f.startsWith('.')).length;
  return n;
}

async function counts(userId: number) {
  const reports = await a.db
    .selectFrom('reports')
    .select(a.db.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const usage = await a.db
    .selectFrom('analysis_usage')
    .select(a.db.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { reports: Number(reports.n), usage: Number(usage.n) };
}

async function signedIn(app: TestApp, token?: string) {
  const c = new Client(app.baseUrl);
  if (token) {
    c.bearer = token;
    return { c, user: (await c.get('/auth/me')).body as { id: number } };
  }
  const { user } = await registerAndLogin(c);
  return { c, user: user as { id: number } };
}

describe('idempotent uploads', () => {
  it('the same key twice: the first report again (201, Idempotent-Replayed), one row, one file, one use', async () => {
    const { c, user } = await signedIn(a);
    const filesBefore = await storedFiles();
    const first = await upload(c, 'key-double-click-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBe('false');
    const again = await upload(c, 'key-double-click-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.report_id).toBe(first.body.report_id);
    expect(await counts(user.id)).toEqual({ reports: 1, usage: 1 });
    expect(await storedFiles()).toBe(filesBefore + 1);
    // Without a key, every upload is a new report.
    expect((await upload(c, undefined)).body.report_id).not.toBe(first.body.report_id);
    expect((await counts(user.id)).reports).toBe(2);
  });

  it('twins arriving together at two processes make one report', async () => {
    const { c: ca, user } = await signedIn(a);
    const { c: cb } = await signedIn(b, ca.bearer!);
    const filesBefore = await storedFiles();
    for (let round = 0; round < 5; round++) {
      const key = `twin-key-${round}-${user.id}`;
      const [x, y] = await Promise.all([upload(ca, key), upload(cb, key)]);
      expect([x.status, y.status]).toEqual([201, 201]);
      expect(x.body.report_id).toBe(y.body.report_id);
      expect([x.headers.get('Idempotent-Replayed'), y.headers.get('Idempotent-Replayed')].sort()).toEqual([
        'false',
        'true',
      ]);
    }
    expect(await counts(user.id)).toEqual({ reports: 5, usage: 5 });
    expect(await storedFiles()).toBe(filesBefore + 5);
  });

  it('a key reused for a different file: 409, nothing created, its bytes not kept', async () => {
    const { c, user } = await signedIn(a);
    expect((await upload(c, 'key-reused-for-other')).status).toBe(201);
    const filesBefore = await storedFiles();
    const other = await upload(c, 'key-reused-for-other', REPORT + 'Creatinine 1.1 mg/dL 0.7 - 1.3\n');
    expect(other.status).toBe(409);
    expect(other.body.detail).toBe(KEY_REUSED_MESSAGE);
    expect(await counts(user.id)).toEqual({ reports: 1, usage: 1 });
    expect(await storedFiles()).toBe(filesBefore);
  });

  it('keys are per owner, last 24 hours, and a malformed key is refused before the file is read', async () => {
    const { c: alice } = await signedIn(a);
    const { c: bob, user: bobUser } = await signedIn(a);
    const mine = await upload(alice, 'shared-looking-key');
    const theirs = await upload(bob, 'shared-looking-key');
    expect(theirs.status).toBe(201);
    expect(theirs.body.report_id).not.toBe(mine.body.report_id);

    await a.db
      .updateTable('upload_idempotency_keys')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('owner', '=', `user:${bobUser.id}`)
      .execute();
    const later = await upload(bob, 'shared-looking-key');
    expect(later.headers.get('Idempotent-Replayed')).toBe('false');
    expect(later.body.report_id).not.toBe(theirs.body.report_id);

    for (const bad of ['short', 'has spaces in it', 'x'.repeat(201), 'ünïcødé-key']) {
      const res = await upload(alice, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.detail).toBe('Idempotency-Key must be 8 to 200 printable characters without spaces');
    }
  });

  it('a repeat at the plan limit still returns the first report', async () => {
    const { c, user } = await signedIn(a);
    const first = await upload(c, 'key-at-the-limit');
    // Use up the month's allowance of the Free plan.
    const plan = await a.db
      .selectFrom('plans')
      .select('limits')
      .where('code', '=', 'free')
      .executeTakeFirstOrThrow();
    const limit = Number(plan.limits.analyses_per_month);
    expect(limit).toBeGreaterThan(0);
    for (let i = (await counts(user.id)).usage; i < limit; i++)
      expect((await upload(c, undefined)).status).toBe(201);
    expect((await upload(c, undefined)).status).toBe(402);
    const again = await upload(c, 'key-at-the-limit');
    expect(again.status).toBe(201);
    expect(again.body.report_id).toBe(first.body.report_id);
  });

  it('guests: a repeat counts nothing and is answered even at the daily limit', async () => {
    const g = new Client(a.baseUrl);
    const sid = (await g.post('/guest/session')).body.session_id as string;
    const guestUpload = (key: string, content = REPORT) =>
      g.request('POST', `/guest/session/${sid}/upload`, fileForm('lab.txt', content, 'text/plain'), {
        'Idempotency-Key': key,
      });
    const first = await guestUpload('guest-key-0001');
    expect(first.status).toBe(201);
    expect((await guestUpload('guest-key-0001')).body.report_id).toBe(first.body.report_id);
    expect((await g.get(`/guest/session/${sid}/rate-limits`)).body.uploads_remaining).toBe(2);
    expect((await guestUpload('guest-key-0002', REPORT + 'a\n')).status).toBe(201);
    expect((await guestUpload('guest-key-0003', REPORT + 'b\n')).status).toBe(201);
    expect((await guestUpload('guest-key-0004', REPORT + 'c\n')).status).toBe(429);
    const repeat = await guestUpload('guest-key-0001');
    expect(repeat.status).toBe(201);
    expect(repeat.body.report_id).toBe(first.body.report_id);
  });

  it('the clean-up job forgets keys past their 24 hours, and only those', async () => {
    const { c } = await signedIn(a);
    await upload(c, 'key-to-forget-old');
    await upload(c, 'key-to-keep-fresh');
    await a.db
      .updateTable('upload_idempotency_keys')
      .set({ created_at: sql<Date>`now() - interval '24 hours 1 minute'` })
      .where('key', '=', 'key-to-forget-old')
      .execute();
    expect(await forgetOldKeys(a.db)).toBeGreaterThanOrEqual(1);
    const left = await a.db
      .selectFrom('upload_idempotency_keys')
      .select('key')
      .where('key', 'in', ['key-to-forget-old', 'key-to-keep-fresh'])
      .execute();
    expect(left.map((r) => r.key)).toEqual(['key-to-keep-fresh']);
  });
});
