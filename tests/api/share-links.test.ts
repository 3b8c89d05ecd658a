import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHARE_PIN, seedDemoShareLink } from '../../api/src/seed/demo-share-link';
import { invalidateSettingsCache } from '../../api/src/platform/settings/settings.service';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * Share links end to end over HTTP: creation and its limits, the PIN, the grant, what the shared
 * page shows (and nothing else), views audited, revocation, expiry, and the wrong-PIN throttle
 * per link and per address, including guesses that arrive all at once.
 */
let t: TestApp;
let alice: Client;
let bob: Client;
let aliceId = 0;
let reportId = 0;
let otherReport = 0;

async function reportWith(
  userId: number,
  date: string,
  values: Array<[string, string, number, string, string]>,
) {
  const r = await t.db
    .insertInto('reports')
    .values({
      user_id: userId,
      filename: 'k',
      original_filename: `secret_name_${date}.pdf`,
      file_type: 'pdf',
      mime_type: 'application/pdf',
      file_size: 1000,
      content_hash: `h${date}${userId}`,
      status: 'completed',
      summary: `Summary of ${date}`,
      key_findings: JSON.stringify([`Finding of ${date}`]),
      created_at: new Date(`${date}T09:00:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('report_values')
    .values(
      values.map(([id, name, value, unit, flag], i) => ({
        report_id: r.id,
        position: i,
        canonical_id: id,
        name,
        value_numeric: value,
        unit,
        ref_low: id === 'hemoglobin' ? 12 : 70,
        ref_high: id === 'hemoglobin' ? 15 : 100,
        ref_text: id === 'hemoglobin' ? '12 - 15' : '70 - 100',
        flag: flag as 'normal',
      })),
    )
    .execute();
  return r.id;
}

/** A reader from one address (the app trusts X-Forwarded-For from loopback, like a proxy's). */
function reader(ip: string) {
  const c = new Client(t.baseUrl);
  return {
    unlock: (token: string, pin: string) =>
      c.request('POST', `/share/${token}/unlock`, { pin }, { 'x-forwarded-for': ip }),
    view: (token: string, grant?: string) =>
      c.request('GET', `/share/${token}`, undefined, {
        'x-forwarded-for': ip,
        ...(grant ? { 'x-share-grant': grant } : {}),
      }),
  };
}

let ipSeq = 10;
const freshIp = () => `203.0.113.${ipSeq++}`;

async function share(hours?: number) {
  const res = await alice.post(`/reports/${reportId}/share-links`, hours ? { expires_in_hours: hours } : {});
  expect(res.status).toBe(201);
  const token = (res.body.path as string).slice(3);
  return { id: res.body.link.id as number, token, pin: res.body.pin as string, body: res.body };
}

const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  t = await createTestApp({ SHARE_PIN_WAIT_SECONDS: '2' });
  // This file makes more links than one account's hourly budget (tests/api/reauth-throttle.test.ts).
  await t.db
    .updateTable('system_settings')
    .set({ value: '0' })
    .where('key', '=', 'rate_limit_share_links_per_hour')
    .execute();
  invalidateSettingsCache(t.db);
  alice = new Client(t.baseUrl);
  bob = new Client(t.baseUrl);
  aliceId = (await registerAndLogin(alice)).user.id;
  await registerAndLogin(bob);
  await reportWith(aliceId, '2026-01-10', [['hemoglobin', 'Hb', 11.1, 'g/dL', 'low']]);
  // The same analyte in another unit (g/L) converts onto the chart.
  await reportWith(aliceId, '2026-04-10', [['hemoglobin', 'Hb', 124, 'g/L', 'normal']]);
  otherReport = await reportWith(aliceId, '2026-05-10', [['glucose_fasting', 'FBS', 90, 'mg/dL', 'normal']]);
  reportId = await reportWith(aliceId, '2026-07-10', [
    ['hemoglobin', 'Haemoglobin', 12.9, 'g/dL', 'normal'],
    ['glucose_fasting', 'Glucose Fasting', 131, 'mg/dL', 'high'],
  ]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('creating a link', () => {
  it('answers the link and a 6-digit PIN once; 7 days unless chosen; stores neither in clear', async () => {
    const before = Date.now();
    const { id, token, pin, body } = await share();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(pin).toMatch(/^\d{6}$/);
    const expires = new Date(body.link.expires_at).getTime();
    expect(expires - before).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expires - before).toBeLessThan(7 * 86_400_000 + 60_000);
    expect(body.link).toMatchObject({
      status: 'active',
      view_count: 0,
      last_viewed_at: null,
      report_id: reportId,
    });
    const row = await t.db
      .selectFrom('share_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.pin_hash).not.toContain(pin);
    // The owner's list gives the link again (for the QR code), never the PIN.
    const list = await alice.get(`/reports/${reportId}/share-links`);
    expect(list.body.links[0].path).toBe(`/s/${token}`);
    expect(JSON.stringify(list.body)).not.toContain(`"pin"`);
  });

  it('1 hour to 30 days; anything else is refused with a detail', async () => {
    expect((await share(1)).body.link.status).toBe('active');
    expect((await share(720)).body.link.status).toBe('active');
    for (const bad of [0, 721, 1.5, 'soon']) {
      const res = await alice.post(`/reports/${reportId}/share-links`, { expires_in_hours: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it("nobody shares, lists or revokes another person's report or link", async () => {
    expect((await bob.post(`/reports/${reportId}/share-links`, {})).status).toBe(404);
    expect((await bob.get(`/reports/${reportId}/share-links`)).status).toBe(404);
    const { id } = await share();
    expect((await bob.delete(`/user/share-links/${id}`)).status).toBe(404);
    expect((await bob.get('/user/share-links')).body.links).toEqual([]);
    expect((await new Client(t.baseUrl).post(`/reports/${reportId}/share-links`, {})).status).toBe(401);
  });
});

describe('opening a link', () => {
  it('asks for the PIN; the right PIN gives a grant that shows the report and counts the view', async () => {
    const { id, token, pin } = await share();
    const r = reader(freshIp());
    const locked = await r.view(token);
    expect(locked.status).toBe(401);
    expect(locked.body.detail).toMatch(/PIN/);
    expect((await r.unlock(token, wrongPin(pin))).status).toBe(401);
    const ok = await r.unlock(token, pin);
    expect(ok.status).toBe(200);
    const page = await r.view(token, ok.body.grant);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.headers.get('cache-control')).toContain('no-store');
    expect(page.body.summary).toBe('Summary of 2026-07-10');
    expect(page.body.values.map((v: { name: string }) => v.name)).toEqual(['Haemoglobin', 'Glucose Fasting']);
    const hb = page.body.values[0];
    expect(hb).toMatchObject({ value: 12.9, unit: 'g/dL', ref_text: '12 - 15', flag: 'normal' });
    // The trend across the patient's reports, oldest first, the g/L value converted to g/dL.
    expect(hb.trend.map((p: { value: number }) => p.value)).toEqual([11.1, 12.4, 12.9]);
    expect(hb.trend.map((p: { current: boolean }) => p.current)).toEqual([false, false, true]);
    expect(page.body.values[1].trend.map((p: { value: number }) => p.value)).toEqual([90, 131]);
    await r.view(token, ok.body.grant);
    const row = await t.db
      .selectFrom('share_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.view_count).toBe(2);
    expect(row.last_viewed_at).not.toBeNull();
    const audit = await t.db
      .selectFrom('share_link_views')
      .select(['outcome', 'ip_address'])
      .where('share_link_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.outcome)).toEqual(['wrong_pin', 'unlocked', 'viewed', 'viewed']);
    expect(audit[0].ip_address).toMatch(/^203\.0\.113\./);
    const mine = await alice.get('/user/share-links');
    expect(mine.body.links.find((l: { id: number }) => l.id === id)).toMatchObject({ view_count: 2 });
  });

  it('shows nothing else of the account: no file names, other reports, ids or the owner', async () => {
    const { token, pin } = await share();
    const r = reader(freshIp());
    const page = await r.view(token, (await r.unlock(token, pin)).body.grant);
    const text = JSON.stringify(page.body);
    expect(text).not.toMatch(
      /secret_name|@example\.com|Test User|report_id|Summary of 2026-05|Finding of 2026-04/,
    );
    expect(text).not.toContain(`"id"`);
    expect(Object.keys(page.body).sort()).toEqual(
      [
        // The doctor's view (decision 233): clinician wording, and no patient details unless chosen.
        'clinician_findings',
        'patient',
        'expires_at',
        'key_findings',
        'language',
        'recommendations',
        'report_date',
        'report_type',
        'summary',
        'values',
      ].sort(),
    );
    expect(text).not.toContain(String(otherReport) + ',');
    expect(page.body.patient).toBeNull();
  });

  it('a grant opens only its own link, and a forged or expired one opens none', async () => {
    const a = await share();
    const b = await share();
    const r = reader(freshIp());
    const grant = (await r.unlock(a.token, a.pin)).body.grant as string;
    expect((await r.view(b.token, grant)).status).toBe(401);
    const [exp, mac] = grant.split('.');
    expect((await r.view(a.token, `${Number(exp) + 1000}.${mac}`)).status).toBe(401);
    expect((await r.view(a.token, `${Date.now() - 1}.${mac}`)).status).toBe(401);
    expect((await r.view(a.token, 'x')).status).toBe(401);
  });

  it('a token that is not ours, malformed or unknown, is a 404 with a detail', async () => {
    const r = reader(freshIp());
    for (const token of ['abc', 'A'.repeat(43), '../../etc']) {
      const res = await r.view(encodeURIComponent(token));
      expect(res.status).toBe(404);
      expect(typeof res.body.detail).toBe('string');
    }
    const { token } = await share();
    expect((await r.unlock(token, '12345')).status).toBe(400);
  });
});

describe('revocation and expiry', () => {
  it('a revoked link is refused at once, even with a grant; the list says revoked', async () => {
    const { id, token, pin } = await share();
    const r = reader(freshIp());
    const grant = (await r.unlock(token, pin)).body.grant;
    expect((await r.view(token, grant)).status).toBe(200);
    expect((await alice.delete(`/user/share-links/${id}`)).status).toBe(200);
    expect((await alice.delete(`/user/share-links/${id}`)).status).toBe(200); // idempotent
    expect((await r.view(token, grant)).status).toBe(404);
    expect((await r.unlock(token, pin)).status).toBe(404);
    const link = (await alice.get('/user/share-links')).body.links.find((l: { id: number }) => l.id === id);
    expect(link).toMatchObject({ status: 'revoked', path: null });
  });

  it('an expired link is refused, even with a grant', async () => {
    const { id, token, pin } = await share(1);
    const r = reader(freshIp());
    const grant = (await r.unlock(token, pin)).body.grant;
    await t.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await r.view(token, grant)).status).toBe(404);
    expect((await r.unlock(token, pin)).status).toBe(404);
    const link = (await alice.get('/user/share-links')).body.links.find((l: { id: number }) => l.id === id);
    expect(link.status).toBe('expired');
  });

  it('a deleted report closes its links', async () => {
    const extra = await reportWith(aliceId, '2026-08-01', [['hemoglobin', 'Hb', 13, 'g/dL', 'normal']]);
    const res = await alice.post(`/reports/${extra}/share-links`, {});
    const token = (res.body.path as string).slice(3);
    await t.db
      .updateTable('reports')
      .set({ status: 'deleted', deleted_at: new Date() })
      .where('id', '=', extra)
      .execute();
    expect((await reader(freshIp()).unlock(token, res.body.pin)).status).toBe(404);
  });
});

describe('wrong-PIN throttle', () => {
  it('5 wrong PINs on a link, then even the right PIN waits; the wait grows', async () => {
    const { token, pin } = await share();
    const r = reader(freshIp());
    for (let i = 0; i < 4; i++) expect((await r.unlock(token, wrongPin(pin))).status).toBe(401);
    const fifth = await r.unlock(token, wrongPin(pin));
    expect(fifth.status).toBe(401);
    expect(fifth.headers.get('retry-after')).toBe('2');
    const refused = await r.unlock(token, pin);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many wrong PINs/);
    // From another address too: the count is the link's.
    expect((await reader(freshIp()).unlock(token, pin)).status).toBe(429);
    await new Promise((res) => setTimeout(res, 2100));
    const sixth = await r.unlock(token, wrongPin(pin));
    expect(sixth.status).toBe(401);
    expect(sixth.headers.get('retry-after')).toBe('4');
    await new Promise((res) => setTimeout(res, 4100));
    expect((await r.unlock(token, pin)).status).toBe(200);
  }, 20_000);

  it('per address: 5 wrong PINs spread over links lock that address out of every link', async () => {
    const links = [await share(), await share(), await share()];
    const ip = freshIp();
    const r = reader(ip);
    for (let i = 0; i < 5; i++) {
      const l = links[i % 2];
      expect((await r.unlock(l.token, wrongPin(l.pin))).status).toBe(401);
    }
    // The third link was never guessed at, yet this address waits; another address does not.
    expect((await r.unlock(links[2].token, links[2].pin)).status).toBe(429);
    expect((await reader(freshIp()).unlock(links[2].token, links[2].pin)).status).toBe(200);
  });

  it('guesses sent all at once: exactly 5 are checked, the rest refused', async () => {
    const { id, token, pin } = await share();
    const guesses = Array.from({ length: 20 }, (_, i) =>
      reader(freshIp()).unlock(token, String((Number(pin) + 1 + i) % 1_000_000).padStart(6, '0')),
    );
    const statuses = (await Promise.all(guesses)).map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const wrong = await t.db
      .selectFrom('share_link_views')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('share_link_id', '=', id)
      .where('outcome', '=', 'wrong_pin')
      .executeTakeFirstOrThrow();
    expect(Number(wrong.n)).toBe(5);
  });

  it('a right PIN clears the link count but not the address count', async () => {
    const a = await share();
    const b = await share();
    const r = reader(freshIp());
    for (let i = 0; i < 4; i++) await r.unlock(a.token, wrongPin(a.pin));
    expect((await r.unlock(b.token, b.pin)).status).toBe(200);
    // The address's fifth wrong PIN still starts its wait.
    const fifth = await r.unlock(a.token, wrongPin(a.pin));
    expect(fifth.headers.get('retry-after')).toBe('2');
  });
});

describe('demo data', () => {
  it('one active link on the report it is given, opened with the printed PIN; idempotent', async () => {
    const demo = new Client(t.baseUrl);
    const demoId = (await registerAndLogin(demo)).user.id;
    await reportWith(demoId, '2026-02-02', [['hemoglobin', 'Hb', 13, 'g/dL', 'normal']]);
    const newest = await reportWith(demoId, '2026-03-03', [['hemoglobin', 'Hb', 13.5, 'g/dL', 'normal']]);
    const made = await seedDemoShareLink(t.deps, demoId, newest);
    expect(made).not.toBeNull();
    expect(await seedDemoShareLink(t.deps, demoId, newest)).toBeNull();
    const links = (await demo.get('/user/share-links')).body.links;
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ report_id: newest, status: 'active', path: made!.path });
    const r = reader(freshIp());
    const token = made!.path.slice(3);
    expect((await r.view(token, (await r.unlock(token, DEMO_SHARE_PIN)).body.grant)).status).toBe(200);
  });
});

describe('what a link shares (decision 215): the report and its history up to it', () => {
  it('a later report, even one uploaded after the link was made, is not in the trend', async () => {
    const carol = new Client(t.baseUrl);
    const carolId = (await registerAndLogin(carol)).user.id;
    await reportWith(carolId, '2025-10-05', [['hemoglobin', 'Hb', 10.4, 'g/dL', 'low']]);
    const january = await reportWith(carolId, '2026-01-12', [['hemoglobin', 'Hb', 11.2, 'g/dL', 'low']]);
    // Already in the account when the link is made, but sampled after the shared report.
    await reportWith(carolId, '2026-02-20', [['hemoglobin', 'Hb', 11.9, 'g/dL', 'low']]);
    const made = await carol.post(`/reports/${january}/share-links`, {});
    expect(made.status).toBe(201);
    const token = (made.body.path as string).slice(3);
    // Uploaded after the link was made.
    await reportWith(carolId, '2026-03-30', [['hemoglobin', 'Hb', 13.1, 'g/dL', 'normal']]);
    const r = reader(freshIp());
    const page = await r.view(token, (await r.unlock(token, made.body.pin)).body.grant);
    expect(page.status).toBe(200);
    const hb = page.body.values[0];
    expect(hb.trend.map((p: { date: string; value: number }) => [p.date, p.value])).toEqual([
      ['2025-10-05', 10.4],
      ['2026-01-12', 11.2],
    ]);
    expect(JSON.stringify(page.body)).not.toMatch(/11\.9|13\.1|2026-02-20|2026-03-30/);
  });
});
