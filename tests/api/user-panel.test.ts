import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@reportsaathi/contracts';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';

/**
 * The signed-in user's panel over HTTP: profile, password, dashboard, the report and chat
 * lists with their filters, search and deletes, and the paging of GET /reports. Rows are put in
 * the database directly (dates the tests choose); files go through the real upload.
 */
let t: TestApp;
let alice: Client;
let bob: Client;
let aliceId = 0;
let bobId = 0;
const aliceReports: number[] = [];
let bobReport = 0;
let bobChat = 0;

async function addReport(userId: number, over: Record<string, unknown> = {}) {
  const row = await t.db
    .insertInto('reports')
    .values({
      user_id: userId,
      filename: 'k',
      original_filename: 'report.txt',
      file_type: 'txt',
      mime_type: 'text/plain',
      file_size: 100,
      content_hash: 'h',
      status: 'completed',
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.baseUrl);
  bob = new Client(t.baseUrl);
  aliceId = (await registerAndLogin(alice)).user.id;
  bobId = (await registerAndLogin(bob)).user.id;
  // 25 reports for alice, one a day from 2026-03-01, sizes 100..2500, alternating type and status.
  for (let i = 0; i < 25; i++) {
    const day = new Date(Date.UTC(2026, 2, 1 + i, 12));
    aliceReports.push(
      await addReport(aliceId, {
        original_filename: i === 3 ? 'cbc_100%_final.txt' : `report_${String(i).padStart(2, '0')}.txt`,
        file_size: 100 * (i + 1),
        report_type: i % 2 ? 'x_ray' : 'blood_test',
        status: i % 5 === 0 ? 'failed' : 'completed',
        processing_time_seconds: 2 + i,
        created_at: day,
        updated_at: new Date(day.getTime() + (25 - i) * 86_400_000),
      }),
    );
  }
  // Edges of one day: the first and last second of 2026-04-10 (UTC).
  aliceReports.push(
    await addReport(aliceId, { original_filename: 'edge_start.txt', created_at: '2026-04-10T00:00:00Z' }),
  );
  aliceReports.push(
    await addReport(aliceId, { original_filename: 'edge_end.txt', created_at: '2026-04-10T23:59:59Z' }),
  );
  for (let i = 0; i < 3; i++)
    await t.db
      .insertInto('chats')
      .values({
        user_id: aliceId,
        report_id: aliceReports[0],
        message: `question ${i} about glucose`,
        response: i === 2 ? null : `answer ${i} about haemoglobin`,
        created_at: new Date(Date.UTC(2026, 3, 1 + i)),
      })
      .execute();
  await t.db
    .insertInto('chats')
    .values({ user_id: aliceId, report_id: aliceReports[1], message: 'second report chat', response: 'ok' })
    .execute();
  await t.db
    .insertInto('feedback')
    .values({ user_id: aliceId, report_id: aliceReports[0], rating: 'helpful' })
    .execute();
  bobReport = await addReport(bobId, { original_filename: 'bob_secret.txt' });
  bobChat = (
    await t.db
      .insertInto('chats')
      .values({ user_id: bobId, report_id: bobReport, message: 'bob glucose question', response: 'r' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe('dashboard', () => {
  it('shows the spec defaults for a new user', async () => {
    const c = new Client(t.baseUrl);
    await registerAndLogin(c);
    const res = await c.get('/user/dashboard-stats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reports_uploaded: 0,
      reports_analyzed: 0,
      chat_conversations: 0,
      storage_used: '0 MB',
      reports_this_month: 0,
      average_processing_time: 'N/A',
      most_used_report_type: 'N/A',
      total_feedback_given: 0,
      plan: 'Free',
    });
    expect((await c.get('/user/recent-activity')).body.activities).toEqual([]);
  });

  it("counts only the user's own data", async () => {
    const res = await alice.get('/user/dashboard-stats');
    expect(res.body.reports_uploaded).toBe(27);
    expect(res.body.reports_analyzed).toBe(22);
    expect(res.body.chat_conversations).toBe(4);
    expect(res.body.total_feedback_given).toBe(1);
    expect(res.body.most_used_report_type).toBe('blood_test');
    expect(res.body.storage_used_bytes).toBe((100 * 25 * 26) / 2 + 200);
    expect(res.body.average_processing_time).toMatch(/^\d+\.\ds$/);
  });

  it('recent activity: at most the limit, newest first, typed; bad limits refused', async () => {
    const res = await alice.get('/user/recent-activity?limit=10');
    expect(res.body.activities).toHaveLength(10);
    const times = res.body.activities.map((a: { timestamp: string }) => a.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    for (const a of res.body.activities)
      expect(['report_upload', 'report_analyzed', 'chat', 'feedback']).toContain(a.type);
    expect((await alice.get('/user/recent-activity?limit=0')).status).toBe(400);
    expect((await alice.get('/user/recent-activity?limit=abc')).status).toBe(400);
  });

  it('quick actions carry url, title, description, icon and counts', async () => {
    const res = await alice.get('/user/quick-actions');
    const byUrl = Object.fromEntries(res.body.actions.map((a: { url: string }) => [a.url, a]));
    expect(byUrl['/upload']).toMatchObject({ icon: 'upload' });
    expect(byUrl['/user/reports']).toMatchObject({ icon: 'file-text', count: 27 });
    expect(byUrl['/user/chats']).toMatchObject({ icon: 'message-circle', count: 4 });
  });

  it('account summary', async () => {
    const res = await alice.get('/user/account-summary');
    expect(res.body.user_profile.account_age_days).toBe(0);
    expect(res.body.usage_statistics.total_reports).toBe(27);
    expect(res.body.subscription.plan).toBe('Free');
  });
});

describe('profile and password', () => {
  it('updates the name at once; a new e-mail waits for its confirmation, taken or not (decision 230)', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const res = await c.request('PUT', '/user/profile', {
      full_name: 'Asha Verma',
      email: `NEW.${me.email}`,
      current_password: me.password,
    });
    expect(res.status).toBe(200);
    // The address changes only when the link mailed to it is opened (tests/api/account-mail.test.ts).
    expect(res.body.user).toMatchObject({ full_name: 'Asha Verma', email: me.email });
    expect(res.body.email_change_requested).toBe(true);
    expect((await c.get('/user/me')).body.full_name).toBe('Asha Verma');
    const bobEmail = (await bob.get('/user/me')).body.email;
    const taken = await c.request('PUT', '/user/profile', {
      full_name: 'Asha Verma',
      email: bobEmail,
      current_password: me.password,
    });
    // Taken or not, the same answer: the profile page is no oracle of who has an account.
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(res.body);
    expect(USER_MESSAGES.emailTaken).not.toBe(taken.body.message);
    expect((await c.request('PUT', '/user/profile', { full_name: 'A', email: 'x@y.in' })).status).toBe(400);
    expect((await c.request('PUT', '/user/profile', { full_name: 'Asha', email: 'nope' })).body.detail).toBe(
      'Invalid email address',
    );
  });

  it('changes the password, signs out the other sessions and keeps this one', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const other = new Client(t.baseUrl);
    other.bearer = (await other.post('/auth/login', { email: me.email, password: me.password })).body.token;
    expect((await other.get('/user/me')).status).toBe(200);

    const short = await c.post('/user/change-password', {
      current_password: me.password,
      new_password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('Password must be at least 8 characters long.');
    const wrong = await c.post('/user/change-password', {
      current_password: 'not-it-123',
      new_password: 'brandnew123',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe(USER_MESSAGES.currentPasswordWrong);

    const ok = await c.post('/user/change-password', {
      current_password: me.password,
      new_password: 'brandnew123',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password changed successfully');
    expect((await c.get('/user/me')).status).toBe(200);
    expect((await other.get('/user/me')).status).toBe(401);
    expect(
      (await new Client(t.baseUrl).post('/auth/login', { email: me.email, password: me.password })).status,
    ).toBe(401);
    expect(
      (await new Client(t.baseUrl).post('/auth/login', { email: me.email, password: 'brandnew123' })).status,
    ).toBe(200);
  });

  it('deactivation ends the sessions and refuses sign-in with the support message', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    expect((await c.delete('/user/account')).status).toBe(200);
    expect((await c.get('/user/me')).status).toBe(401);
    const login = await new Client(t.baseUrl).post('/auth/login', { email: me.email, password: me.password });
    expect(login.status).toBe(403);
    expect(login.body.detail).toBe('Account is deactivated. Please contact support.');
  });
});

describe('my reports list', () => {
  it('pages by per_page 20 and says how many there are; past the end is an empty page', async () => {
    const p1 = await alice.get('/user/reports');
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ total_count: 27, total_pages: 2, page: 1, per_page: 20 });
    expect(p1.body.reports).toHaveLength(20);
    expect(p1.body.reports[0].filename).toBe('edge_end.txt');
    const p2 = await alice.get('/user/reports?page=2');
    expect(p2.body.reports).toHaveLength(7);
    const past = await alice.get('/user/reports?page=9');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ reports: [], total_count: 27, total_pages: 2, page: 9 });
    const ids = [...p1.body.reports, ...p2.body.reports]
      .map((r: { id: number }) => r.id)
      .sort((a, b) => a - b);
    expect(ids).toEqual([...aliceReports].sort((a, b) => a - b));
  });

  it('filters by status, type, literal search and dates (both ends of a day included)', async () => {
    expect((await alice.get('/user/reports?status=failed')).body.total_count).toBe(5);
    expect((await alice.get('/user/reports?report_type=x_ray')).body.total_count).toBe(12);
    const pct = await alice.get('/user/reports?search=100%25');
    expect(pct.body.reports.map((r: { filename: string }) => r.filename)).toEqual(['cbc_100%_final.txt']);
    const day = await alice.get('/user/reports?date_from=2026-04-10&date_to=2026-04-10');
    expect(day.body.reports.map((r: { filename: string }) => r.filename).sort()).toEqual([
      'edge_end.txt',
      'edge_start.txt',
    ]);
    const before = await alice.get('/user/reports?date_to=2026-03-02');
    expect(before.body.total_count).toBe(2);
    const after = await alice.get('/user/reports?date_from=2026-04-11');
    expect(after.body.total_count).toBe(0);
  });

  it('sorts by each allowed column, both ways', async () => {
    const asc = await alice.get('/user/reports?sort_by=file_size&sort_order=asc&per_page=5');
    const sizes = asc.body.reports.map((r: { file_size: number }) => r.file_size);
    expect(sizes).toEqual([...sizes].sort((a: number, b: number) => a - b));
    const byName = await alice.get('/user/reports?sort_by=filename&sort_order=asc&per_page=3');
    expect(byName.body.reports[0].filename).toBe('cbc_100%_final.txt');
    const upd = await alice.get('/user/reports?sort_by=updated_at&sort_order=desc&per_page=1');
    expect(upd.status).toBe(200);
  });

  it('refuses bad input with a clear 400', async () => {
    const cases: Array<[string, RegExp]> = [
      ['per_page=10000', /per_page must be at most 100/],
      ['sort_by=password_hash', /sort_by must be one of/],
      ['date_from=10-04-2026', /date_from must be a date/],
      ['date_from=2026-05-01&date_to=2026-04-01', /date_from must not be after date_to/],
      ['status=deleted', /status must be one of/],
      ['page=0', /page must be at least 1/],
      ['sort_order=up', /sort_order/],
    ];
    for (const [q, message] of cases) {
      const res = await alice.get(`/user/reports?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.detail).toMatch(message);
    }
  });

  it('report types of the user only', async () => {
    const res = await alice.get('/user/reports/by-type');
    expect(res.body.report_types).toEqual([
      { report_type: 'blood_test', count: 13 },
      { report_type: 'x_ray', count: 12 },
    ]);
  });
});

describe('chat history', () => {
  it("lists the user's chats with the report's filename, filters and pages them", async () => {
    const all = await alice.get('/user/chats');
    expect(all.body).toMatchObject({ total_count: 4, total_pages: 1 });
    expect(all.body.chats.some((c: { message: string }) => c.message.includes('bob'))).toBe(false);
    const one = await alice.get(`/user/chats?report_id=${aliceReports[0]}&sort_order=asc`);
    expect(one.body.chats.map((c: { message: string }) => c.message)).toEqual([
      'question 0 about glucose',
      'question 1 about glucose',
      'question 2 about glucose',
    ]);
    expect(one.body.chats[2].response).toBeNull();
    expect(one.body.chats[0].report_filename).toBe('report_00.txt');
    expect((await alice.get('/user/chats?search=haemoglobin')).body.total_count).toBe(2);
    expect((await alice.get('/user/chats?date_from=2026-04-02&date_to=2026-04-02')).body.total_count).toBe(1);
    expect((await alice.get('/user/chats?per_page=1&page=5')).body.chats).toEqual([]);
  });

  it('searches question and answer case-insensitively and literally, and follows an edit (decision 068)', async () => {
    const carol = new Client(t.baseUrl);
    const carolId = (await registerAndLogin(carol)).user.id;
    const report = await addReport(carolId, { original_filename: 'carol.txt' });
    const chat = await t.db
      .insertInto('chats')
      .values({
        user_id: carolId,
        report_id: report,
        message: 'Is my VITAMIN-D 100%_ok? Était',
        response: 'Café',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('chats')
      .values({ user_id: carolId, report_id: report, message: 'vitamin d 1000 ok', response: null })
      .execute();
    const count = async (text: string) =>
      (await carol.get(`/user/chats?search=${encodeURIComponent(text)}`)).body.total_count;
    expect(await count('vitamin-d')).toBe(1);
    expect(await count('ÉTAIT')).toBe(1);
    expect(await count('100%_')).toBe(1);
    expect(await count('100%x')).toBe(0);
    expect(await count('CAFÉ')).toBe(1);
    expect(await count('ok? été')).toBe(0);
    // The question and its answer are searched as one text, as the index stores it.
    expect(await count('était café')).toBe(1);
    await t.db
      .updateTable('chats')
      .set({ message: 'anonymized', response: null })
      .where('id', '=', chat.id)
      .execute();
    expect(await count('vitamin')).toBe(1);
    expect(await count('ANONYMIZED')).toBe(1);
  });

  it("report_id 'abc' and other bad filters are 400", async () => {
    const abc = await alice.get('/user/chats?report_id=abc');
    expect(abc.status).toBe(400);
    expect(abc.body.detail).toBe('report_id must be a number');
    expect((await alice.get('/user/chats?per_page=10000')).status).toBe(400);
    expect((await alice.get('/user/chats?sort_by=message')).status).toBe(400);
    expect((await alice.get('/user/chats?date_to=2026-13-45')).status).toBe(400);
  });

  it("another user's report id filters to nothing", async () => {
    expect((await alice.get(`/user/chats?report_id=${bobReport}`)).body.total_count).toBe(0);
  });

  it('groups chats by report', async () => {
    const res = await alice.get('/user/chats/by-report');
    expect(res.body.reports).toHaveLength(2);
    const first = res.body.reports.find((r: { report_id: number }) => r.report_id === aliceReports[0]);
    expect(first).toMatchObject({ report_filename: 'report_00.txt', chat_count: 3 });
    expect(res.body).toMatchObject({ total_count: 2, total_pages: 1, page: 1, per_page: 20 });
  });

  it('pages the grouped view, most recently chatted report first, and refuses a bad page size', async () => {
    const all = (await alice.get('/user/chats/by-report')).body.reports as Array<{ report_id: number }>;
    const one = await alice.get('/user/chats/by-report?per_page=1&page=2');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ total_count: 2, total_pages: 2, page: 2, per_page: 1 });
    expect(one.body.reports.map((r: { report_id: number }) => r.report_id)).toEqual([all[1].report_id]);
    const past = await alice.get('/user/chats/by-report?page=9');
    expect(past.body.reports).toEqual([]);
    expect(past.body.total_count).toBe(2);
    const tooMany = await alice.get('/user/chats/by-report?per_page=10000');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toMatch(/per_page must be at most 100/);
    expect((await alice.get('/user/chats/by-report?page=abc')).status).toBe(400);
  });
});

describe('search', () => {
  it('finds reports and chats of the user only', async () => {
    const res = await alice.get('/user/search?query=glucose');
    expect(res.body.chats).toHaveLength(3);
    expect(res.body.chats.every((c: { report_id: number }) => c.report_id !== bobReport)).toBe(true);
    const reports = await alice.get('/user/search?query=report_1&data_types=reports');
    expect(reports.body.chats).toEqual([]);
    expect(reports.body.reports.length).toBeGreaterThan(0);
    expect((await alice.get('/user/search?query=bob_secret')).body.total).toBe(0);
    expect((await alice.get('/user/search?query=x&data_types=users')).status).toBe(400);
    expect((await alice.get('/user/search?query=x&limit=500')).status).toBe(400);
  });
});

describe('deleting', () => {
  it("another user's report, chat or report chats are not found and stay", async () => {
    expect((await alice.delete(`/user/reports/${bobReport}`)).status).toBe(404);
    expect((await alice.delete(`/user/chats/${bobChat}`)).status).toBe(404);
    expect((await alice.delete(`/user/chats/by-report/${bobReport}`)).status).toBe(404);
    expect(
      await t.db.selectFrom('chats').select('id').where('id', '=', bobChat).executeTakeFirst(),
    ).toBeTruthy();
  });

  it('a report with its file, chats and feedback; one chat; all chats of a report', async () => {
    const c = new Client(t.baseUrl);
    const me = await registerAndLogin(c);
    const up = await c.request(
      'POST',
      '/reports/upload',
      fileForm('del.txt', 'Haemoglobin 13.5 g/dL 13-17', 'text/plain'),
    );
    expect(up.status).toBe(201);
    const report = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', up.body.id)
      .executeTakeFirstOrThrow();
    const chat = await t.db
      .insertInto('chats')
      .values({ user_id: me.user.id, report_id: report.id, message: 'q', response: 'a' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('feedback')
      .values({ user_id: me.user.id, report_id: report.id, rating: 'helpful' })
      .execute();
    expect((await t.deps.storage.get(report.storage_key!)).length).toBeGreaterThan(0);
    expect((await c.delete(`/user/chats/${chat.id}`)).status).toBe(200);
    expect((await c.delete(`/user/chats/${chat.id}`)).status).toBe(404);
    await t.db
      .insertInto('chats')
      .values({ user_id: me.user.id, report_id: report.id, message: 'q2' })
      .execute();
    const all = await c.delete(`/user/chats/by-report/${report.id}`);
    expect(all.body.deleted_count).toBe(1);
    const del = await c.delete(`/user/reports/${report.id}`);
    expect(del.status).toBe(200);
    await expect(t.deps.storage.get(report.storage_key!)).rejects.toThrow();
    expect(
      await t.db.selectFrom('feedback').select('id').where('report_id', '=', report.id).execute(),
    ).toEqual([]);
    expect((await c.delete(`/user/reports/${report.id}`)).status).toBe(404);
  });
});

describe('GET /reports paging (patient dashboard)', () => {
  it('answers the whole list without paging, one page with it', async () => {
    expect((await alice.get('/reports')).body.reports).toHaveLength(27);
    const page = await alice.get('/reports?page=2&limit=10');
    expect(page.body).toMatchObject({ total: 27, page: 2, limit: 10, total_pages: 3 });
    expect(page.body.reports).toHaveLength(10);
    expect((await alice.get('/reports?status=failed&limit=100')).body.total).toBe(5);
    expect((await alice.get('/reports?limit=1000')).status).toBe(400);
    expect((await alice.get('/reports?status=nope')).status).toBe(400);
  });
});
