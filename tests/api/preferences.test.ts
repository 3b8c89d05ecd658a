import { afterAll, beforeAll, expect, it } from 'vitest';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
});
afterAll(async () => {
  await t?.close();
});

it('a user switches to Hindi: their next analysis is in Hindi, and Hindi questions are answered in Hindi', async () => {
  const c = new Client(t.baseUrl);
  await registerAndLogin(c);
  expect((await c.get('/user/preferences')).body.preferences).toMatchObject({
    language: 'en',
    theme: 'light',
  });

  const bad = await c.request('PUT', '/user/preferences', { language: 'fr' });
  expect(bad.status).toBe(400);
  expect(bad.body.errors.language).toEqual(expect.any(String));

  const put = await c.request('PUT', '/user/preferences', { preferences: { language: 'hi', theme: 'dark' } });
  expect(put.status).toBe(200);
  expect(put.body.preferences).toMatchObject({ language: 'hi', theme: 'dark', timezone: 'Asia/Kolkata' });

  const up = await c.request(
    'POST',
    '/reports/upload',
    fileForm('r.txt', sampleText('thyroid'), 'text/plain'),
  );
  const done = await waitForReport(c, `/reports/${up.body.id}`);
  expect(done.body.language).toBe('hi');
  expect(done.body.summary).toMatch(/[\u0900-\u097F]/); // Devanagari
  const chat = await c.post('/chats/', { report_id: up.body.id, message: 'कौन से परिणाम अधिक हैं?' });
  expect(chat.body.response).toMatch(/[\u0900-\u097F]/);
  // The chat answers in the language and script of the message, so English gets English.
  const en = await c.post('/chats/', { report_id: up.body.id, message: 'Which values are high?' });
  expect(en.body.response).not.toMatch(/[\u0900-\u097F]/);
});
