import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { labReportText } from '../../api/src/seed/lab-report-text';
import { AssertionError, axeScan, expect, seeText, test, uniqueEmail, waitForAnalysis } from './harness';
import { database } from './fixture-database';
import { overflowOf } from './phone-journeys';
import { seedReports, userIdOf } from './user-fixtures';

/**
 * Progress you can see (issue 33, decision 246). A real analysis of a text report takes well under
 * a second, too fast to watch, so the running report a journey watches is one set 'processing' in
 * the product's database with the step the worker would have written (no job holds it, so nothing
 * moves it but the journey); one real upload runs to the end beside it, and its page shows no steps.
 */
const PASSWORD = 'progress-pass-123';
const PHONE = { viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

async function api<T>(base: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${base}/api/v1${path}`, { ...init, headers });
  if (!res.ok) throw new AssertionError(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

async function setStage(id: number, stage: 'reading' | 'finding' | 'checking' | 'explaining') {
  await (
    await database()
  )
    .updateTable('reports')
    .set({ status: 'processing', analysis_stage: stage, processing_started_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The step marked current on the page (aria-current), and the "Now: …" line. */
async function shownStep(page: Page): Promise<{ current: string; now: string }> {
  // The step's name and its "(Now)", without the number in its circle (aria-hidden).
  const current = await page.locator('.step-list li[aria-current="step"] > span:last-child').innerText();
  const now = await page.locator('.analysis-step-now').innerText();
  return { current: current.replace(/\s+/g, ' ').trim(), now: now.replace(/\s+/g, ' ').trim() };
}

/** No action while the work runs: no Start Analysis, no form button in the analysis tab. */
async function noActionButton(page: Page, label: string): Promise<void> {
  const start = await page.getByRole('button', { name: /Start Analysis|विश्लेषण शुरू करें/ }).count();
  expect(start === 0, `${label}: a Start Analysis button is shown while the analysis runs`);
  const inTab = await page.locator('main .page-pad form button, .container.page-pad form button').count();
  expect(inTab === 0, `${label}: ${inTab} form button(s) on the page while the analysis runs`);
}

async function seedUser(base: string) {
  const email = uniqueEmail('progress');
  await api(base, '/auth/register', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD, full_name: 'Meera Progress' }),
  });
  const { token } = await api<{ token: string }>(base, '/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return { email, token };
}

test('progress: a running analysis shows its step on a phone and a desktop, without JavaScript too, with no action button; Hindi', async ({
  base,
  newPage,
}) => {
  const { email, token } = await seedUser(base);
  // One real run, to the end: its page shows the results and no steps.
  const text = labReportText({
    lab: { name: 'Saathi Demo Diagnostics', city: 'Pune' },
    patient: { name: 'Meera P', age: 41, sex: 'Female' },
    collected: '2026-11-02',
    style: 'A',
    sections: [
      {
        title: 'Biochemistry',
        rows: [
          { name: 'Glucose Fasting', value: '131', unit: 'mg/dL', range: '70 - 100', mark: 'H' },
          { name: 'TSH', value: '3.8', unit: 'µIU/mL', range: '0.35 - 5.50' },
        ],
      },
    ],
  });
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), 'progress-lab.txt');
  const { id: doneId } = await api<{ id: number }>(base, '/reports/upload', {
    method: 'POST',
    body: form,
    token,
  });
  await waitForAnalysis(base, doneId, token);

  const userId = await userIdOf(email);
  expect(userId !== null, 'the user was not found');
  const [runningId, waitingId] = await seedReports(userId!, [
    { filename: 'running-report.pdf', status: 'processing', report_type: null },
    { filename: 'waiting-report.pdf', status: 'pending', report_type: null },
  ]);
  await setStage(runningId, 'finding');

  // Without JavaScript: the server's page shows the step, reloads itself, and offers a link.
  const plain = await newPage({ ...DESKTOP, javaScriptEnabled: false });
  await plain.context().addCookies([{ name: 'token', value: token, url: base }]);
  await plain.goto(`/analysis/${runningId}`);
  let shown = await shownStep(plain);
  expect(shown.current.startsWith('Finding results'), `no-JS: current step is "${shown.current}"`);
  expect(shown.now === 'Now: Finding results', `no-JS: the step line says "${shown.now}"`);
  expect(
    (await plain.locator('.step-list li.done').innerText()).includes('Reading the file'),
    'no-JS: reading is not marked done',
  );
  await plain.getByRole('link', { name: 'Refresh to see the latest step' }).waitFor();
  expect(
    (await plain.locator('meta[http-equiv="refresh"]').count()) === 1,
    'no-JS: the page does not reload itself',
  );
  await noActionButton(plain, 'no-JS');
  // The worker moves on; a refresh shows the new step.
  await setStage(runningId, 'checking');
  await plain.reload();
  shown = await shownStep(plain);
  expect(shown.now === 'Now: Checking', `no-JS after refresh: "${shown.now}"`);

  // A phone with JavaScript: the step, no button, nothing wider than the screen; the 5 s polling
  // brings the next step without a reload.
  const phone = await newPage(PHONE);
  await phone.context().addCookies([{ name: 'token', value: token, url: base }]);
  await phone.goto(`/analysis/${runningId}`);
  shown = await shownStep(phone);
  expect(shown.current.startsWith('Checking'), `phone: current step is "${shown.current}"`);
  await noActionButton(phone, 'phone');
  const wide = await overflowOf(phone);
  expect(wide.length === 0, `phone: wider than 390 px: ${wide.join('; ')}`);
  await phone.screenshot({ path: 'test-results/progress-phone-390.png', fullPage: true });
  await axeScan(phone, 'the running analysis page (phone)');
  await setStage(runningId, 'explaining');
  await seeText(phone, 'Now: Explaining', 15_000);
  expect(
    (await shownStep(phone)).current.startsWith('Explaining'),
    'phone: the polled step is not the one marked current',
  );

  // 360 px too.
  await phone.setViewportSize({ width: 360, height: 780 });
  const narrow = await overflowOf(phone);
  expect(narrow.length === 0, `phone: wider than 360 px: ${narrow.join('; ')}`);

  // A desktop.
  const desk = await newPage(DESKTOP);
  await desk.context().addCookies([{ name: 'token', value: token, url: base }]);
  await desk.goto(`/analysis/${runningId}`);
  shown = await shownStep(desk);
  expect(shown.current.startsWith('Explaining'), `desktop: current step is "${shown.current}"`);
  await noActionButton(desk, 'desktop');
  await desk.screenshot({ path: 'test-results/progress-desktop.png' });

  // A queued report: waiting, no step marked, no button.
  await desk.goto(`/analysis/${waitingId}`);
  await seeText(desk, 'Waiting to start');
  expect((await desk.locator('.step-list li[aria-current]').count()) === 0, 'a queued report has a step');
  await noActionButton(desk, 'queued');

  // The real run that ended: results, no steps.
  await desk.goto(`/analysis/${doneId}`);
  await desk.locator('#results-title').waitFor();
  expect((await desk.locator('.step-list').count()) === 0, 'a completed report still shows steps');

  // Hindi: the step in Hindi.
  await api(base, '/user/preferences', {
    method: 'PUT',
    body: JSON.stringify({ preferences: { language: 'hi' } }),
    token,
  });
  await setStage(runningId, 'checking');
  await phone.goto(`/analysis/${runningId}`);
  shown = await shownStep(phone);
  expect(shown.now === 'अभी: जाँच हो रही है', `Hindi: the step line says "${shown.now}"`);
  await noActionButton(phone, 'Hindi');
  const hiWide = await overflowOf(phone);
  expect(hiWide.length === 0, `Hindi phone: wider than 360 px: ${hiWide.join('; ')}`);
  await phone.screenshot({ path: 'test-results/progress-phone-360-hi.png', fullPage: true });
});

test('progress: a guest reloading the free analyzer mid-analysis comes back to its step, then its results', async ({
  base,
  newPage,
}) => {
  const session = await api<{ session_id: string; expires_at: string; created_at: string }>(
    base,
    '/guest/session',
    { method: 'POST' },
  );
  const db = await database();
  // The guest's report, running at 'checking' (no job holds it: only the journey moves it).
  const { id } = await db
    .insertInto('reports')
    .values({
      guest_session_id: session.session_id,
      filename: 'guest-running.txt',
      original_filename: 'guest-running.txt',
      file_type: 'txt',
      mime_type: 'text/plain',
      file_size: 2048,
      content_hash: randomBytes(16).toString('hex'),
      status: 'processing',
      analysis_stage: 'checking',
      processing_started_at: new Date(),
      key_findings: '[]',
      recommendations: '[]',
      impressions: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  for (const [label, options] of [
    ['phone', { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true }],
    ['desktop', DESKTOP],
  ] as const) {
    const page = await newPage(options);
    // The session as the analyzer keeps it (localStorage), as after an upload on this browser.
    await page.goto('/terms-of-service');
    await page.evaluate((s) => localStorage.setItem('reportsaathi.guestSession', JSON.stringify(s)), session);
    await page.goto('/analyze');
    await seeText(page, 'Now: Checking');
    expect(
      (await shownStep(page)).current.startsWith('Checking'),
      `${label}: the guest's current step is not Checking`,
    );
    const upload = await page.getByRole('button', { name: 'Upload & Analyze' }).count();
    expect(upload === 0, `${label}: the upload button is shown while the analysis runs`);
    const wide = await overflowOf(page);
    expect(wide.length === 0, `${label}: wider than the screen: ${wide.join('; ')}`);
    if (label === 'phone')
      await page.screenshot({ path: 'test-results/progress-guest-360.png', fullPage: true });
    await axeScan(page, `the free analyzer while it runs (${label})`);
    await page.close();
  }

  // The analysis ends: the polling page goes on to the results, and its toast ('Analysis
  // completed!') covers no heading and not the stepper, on a phone and on a desktop.
  for (const [label, options] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await db
      .updateTable('reports')
      .set({ status: 'processing', analysis_stage: 'explaining', summary: null })
      .where('id', '=', id)
      .execute();
    const page = await newPage(options);
    await page.goto('/terms-of-service');
    await page.evaluate((s) => localStorage.setItem('reportsaathi.guestSession', JSON.stringify(s)), session);
    await page.goto('/analyze');
    await seeText(page, 'Now: Explaining');
    await db
      .updateTable('reports')
      .set({
        status: 'completed',
        analysis_stage: null,
        summary: 'Your report was read.',
        report_type: 'blood_test',
        confidence_score: 0.9,
        processing_completed_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    await seeText(page, 'Your report was read.', 15_000);
    expect((await page.locator('.step-list').count()) === 0, `${label}: the results still show the steps`);
    const toast = page.locator('.toast').first();
    await toast.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await toast.boundingBox();
    const covered = await page.locator('h1, h2, .stepper').evaluateAll(
      (els, t) =>
        els
          .filter((e) => {
            const r = e.getBoundingClientRect();
            return (
              r.width > 0 &&
              t &&
              r.left < t.x + t.width &&
              t.x < r.right &&
              r.top < t.y + t.height &&
              t.y < r.bottom
            );
          })
          .map((e) => `${e.tagName} ${e.textContent?.slice(0, 30)}`),
      box,
    );
    expect(covered.length === 0, `${label}: the toast covers ${covered.join('; ')}`);
    await page.close();
  }
});
