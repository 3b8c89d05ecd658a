import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';

// Chat over HTTP on a real analysis: crisis messages get only care and helplines and are flagged
// for staff; everyday test names in Hindi are answered with those values in Devanagari.
let t: TestApp;
let c: Client;
let reportId: number;
let values: Array<{ canonical_id: string; value: number | string }>;

beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
  c = new Client(t.baseUrl);
  await registerAndLogin(c);
  // A synthetic report: fasting glucose, HbA1c and eAG, liver tests and TSH.
  const up = await c.request(
    'POST',
    '/reports/upload',
    fileForm('sugar.txt', sampleText('sugar'), 'text/plain'),
  );
  reportId = up.body.id;
  const done = await waitForReport(c, `/reports/${reportId}`);
  expect(done.body.status).toBe('completed');
  values = done.body.values;
});
afterAll(async () => {
  await t?.close();
});

async function chatRow(id: number) {
  return t.db
    .selectFrom('chats')
    .select(['is_flagged', 'flag_reason', 'moderation_status', 'language'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('crisis messages', () => {
  it.each([
    ['English', 'I feel like ending my life'],
    ['Hindi', 'मैं आत्महत्या करना चाहता हूँ, जीना नहीं चाहता'],
    ['Hinglish', 'ab marna chahta hoon'],
  ])('%s: helplines first, no report values, flagged pending for staff', async (_lang, message) => {
    const res = await c.post('/chats/', { report_id: reportId, message });
    expect(res.status).toBe(201);
    const text: string = res.body.response;
    expect(text).toContain('14416');
    expect(text).toContain('112');
    expect(text.indexOf('14416')).toBeLessThan(120);
    expect(values.length).toBeGreaterThan(5);
    for (const v of values) expect(text).not.toContain(String(v.value));
    expect(text).not.toMatch(/mg\/dL|U\/L|%/);
    expect(await chatRow(res.body.id)).toMatchObject({
      is_flagged: true,
      flag_reason: 'auto:self_harm:high',
      moderation_status: 'pending',
    });
  });
});

describe('everyday test names', () => {
  it("answers 'मेरा शुगर ठीक है?' with the glucose and HbA1c values, in Devanagari", async () => {
    const res = await c.post('/chats/', { report_id: reportId, message: 'मेरा शुगर ठीक है?' });
    expect(res.status).toBe(201);
    const text: string = res.body.response;
    const glucose = values.find((v) => v.canonical_id === 'glucose_fasting');
    const hba1c = values.find((v) => v.canonical_id === 'hba1c');
    expect(glucose && hba1c).toBeTruthy();
    expect(text).toContain(String(glucose!.value));
    expect(text).toContain(String(hba1c!.value));
    expect(text).toMatch(/ब्लड शुगर/);
    expect(text).toMatch(/HbA1c/);
    // Hindi in Devanagari, not the list of out-of-range liver values.
    expect(text.match(/[\u0900-\u097F]/g)!.length).toBeGreaterThan(40);
    const ast = values.find((v) => v.canonical_id === 'ast');
    expect(text).not.toContain(String(ast!.value));
    const row = await chatRow(res.body.id);
    expect(row).toMatchObject({
      is_flagged: false,
      flag_reason: null,
      moderation_status: null,
      language: 'hi',
    });
  });

  it('flags abuse as medium and still answers', async () => {
    const res = await c.post('/chats/', {
      report_id: reportId,
      message: 'you stupid bot, is my thyroid ok?',
    });
    expect(res.status).toBe(201);
    const tsh = values.find((v) => v.canonical_id === 'tsh');
    expect(res.body.response).toContain(String(tsh!.value));
    expect(await chatRow(res.body.id)).toMatchObject({
      is_flagged: true,
      flag_reason: 'auto:abuse:medium',
      moderation_status: 'pending',
    });
  });
});
