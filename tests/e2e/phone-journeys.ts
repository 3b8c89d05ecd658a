import type { Page } from 'playwright-core';
import { labReportText } from '../../api/src/seed/lab-report-text';
import { AssertionError, axeScan, expect, seeText, test, uniqueEmail, waitForAnalysis } from './harness';
import { seedReports, userIdOf } from './user-fixtures';

/**
 * The patient's phone (issue 33): every patient page opened at 360 and 390 px wide, in English and
 * in Hindi, must fit the screen — the document no wider than the viewport, and no visible element
 * reaching past its right edge (text cut off by an ancestor's overflow: hidden counts too). A table
 * that scrolls inside its own box (.table-wrap) is allowed: the page itself does not move sideways.
 */
const PASSWORD = 'phone-pass-123';
const WIDTHS = [360, 390];

interface Seeded {
  base: string;
  email: string;
  token: string;
  reportId: number;
  sharePath: string;
  shareGrant: string;
}

async function api<T>(base: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${base}/api/v1${path}`, { ...init, headers });
  if (!res.ok) throw new AssertionError(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** A user with one analysed report (values in and out of range), a chat and a share link. */
export async function seedPhoneUser(base: string, tag: string): Promise<Seeded> {
  const email = uniqueEmail(tag);
  await api(base, '/auth/register', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD, full_name: 'Lakshmi Venkataraman Subramanian' }),
  });
  const { token } = await api<{ token: string }>(base, '/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const text = labReportText({
    lab: { name: 'Saathi Demo Diagnostics', city: 'Pune' },
    patient: { name: 'Lakshmi V Subramanian', age: 52, sex: 'Female' },
    collected: '2026-10-02',
    style: 'A',
    sections: [
      {
        title: 'Haemogram',
        rows: [
          { name: 'Haemoglobin', value: '10.9', unit: 'g/dL', range: '12.0 - 15.5', mark: 'L' },
          { name: 'Total Leucocyte Count', value: '7400', unit: '/cumm', range: '4000 - 11000' },
          { name: 'Platelet Count', value: '252000', unit: '/cumm', range: '150000 - 410000' },
        ],
      },
      {
        title: 'Biochemistry',
        rows: [
          { name: 'Glucose Fasting', value: '131', unit: 'mg/dL', range: '70 - 100', mark: 'H' },
          { name: 'HbA1c', value: '6.9', unit: '%', range: '4.0 - 5.6', mark: 'H' },
          { name: 'TSH', value: '3.8', unit: 'µIU/mL', range: '0.35 - 5.50' },
        ],
      },
    ],
  });
  const form = new FormData();
  form.append(
    'file',
    new Blob([text], { type: 'text/plain' }),
    'a-very-long-report-file-name-from-the-lab-2026-10-02.txt',
  );
  const { id } = await api<{ id: number }>(base, '/reports/upload', { method: 'POST', body: form, token });
  await waitForAnalysis(base, id, token);
  await api(base, '/chats', {
    method: 'POST',
    body: JSON.stringify({ report_id: id, message: 'What does my haemoglobin value mean for me?' }),
    token,
  });
  const link = await api<{ path: string; pin: string }>(base, `/reports/${id}/share-links`, {
    method: 'POST',
    body: JSON.stringify({ expires_in_hours: 24 }),
    token,
  });
  // The doctor's view behind the PIN: its grant goes in the rs_share cookie, as the PIN form sets it.
  const { grant } = await api<{ grant: string }>(base, `/share/${link.path.split('/').pop()}/unlock`, {
    method: 'POST',
    body: JSON.stringify({ pin: link.pin }),
  });
  return { base, email, token, reportId: id, sharePath: link.path, shareGrant: grant };
}

/** What sticks out past the viewport's right edge (empty when the page fits). */
export async function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > vw)
      out.push(`document is ${document.documentElement.scrollWidth} px wide`);
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      if (!el.checkVisibility() || el.closest('.skip-link, .visually-hidden, .table-wrap')) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && (r.right > vw + 1 || r.left < -1)) {
        const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''}`;
        out.push(`${name} spans ${Math.round(r.left)}–${Math.round(r.right)} px`);
      }
    }
    return out.slice(0, 5);
  });
}

function patientPages(s: Seeded): string[] {
  return [
    '/',
    '/analyze',
    '/login',
    '/register',
    '/terms-of-service',
    '/privacy-policy',
    '/medical-disclaimer',
    '/no-such-page',
    s.sharePath,
    '/dashboard',
    '/upload',
    `/analysis/${s.reportId}`,
    `/analysis/${s.reportId}?tab=chat`,
    `/analysis/${s.reportId}/print`,
    '/user/dashboard',
    '/user/reports',
    '/user/chats',
    '/user/chats?tab=by-report',
    '/user/profile',
    '/user/preferences',
    '/user/security',
    '/user/trends',
    '/user/subscription',
    '/user/search?q=haemoglobin',
    '/account/delete',
  ];
}

async function setLanguage(s: Seeded, language: 'en' | 'hi'): Promise<void> {
  await api(s.base, '/user/preferences', {
    method: 'PUT',
    body: JSON.stringify({ preferences: { language } }),
    token: s.token,
  });
}

test('phone: every patient page fits 360 and 390 px, in English and Hindi', async ({ base, newPage }) => {
  const s = await seedPhoneUser(base, 'phone-fit');
  const problems: string[] = [];
  for (const language of ['en', 'hi'] as const) {
    await setLanguage(s, language);
    for (const width of WIDTHS) {
      const page = await newPage({ viewport: { width, height: 780 }, isMobile: true, hasTouch: true });
      await page.context().addCookies([
        { name: 'token', value: s.token, url: base },
        { name: 'rs_lang', value: language, url: base },
        { name: 'rs_share', value: s.shareGrant, url: base },
      ]);
      for (const path of patientPages(s)) {
        await page.goto(path, { waitUntil: 'load' });
        const bad = await overflowOf(page);
        if (bad.length > 0) problems.push(`${language} ${width} px ${path}: ${bad.join('; ')}`);
      }
      await page.context().close();
    }
  }
  await setLanguage(s, 'en');
  expect(problems.length === 0, `pages wider than a phone:\n${problems.join('\n')}`);
});

const GUEST_REPORT = labReportText({
  lab: { name: 'Saathi Demo Diagnostics', city: 'Pune' },
  patient: { name: 'Guest Patient', age: 45, sex: 'Male' },
  collected: '2026-10-02',
  style: 'B',
  sections: [
    {
      title: 'Haemogram',
      rows: [{ name: 'Haemoglobin', value: '14.1', unit: 'g/dL', range: '13.0 - 17.0' }],
    },
    {
      title: 'Biochemistry',
      rows: [
        { name: 'Glucose Fasting', value: '131', unit: 'mg/dL', range: '70 - 100', mark: 'H' },
        { name: 'TSH', value: '2.1', unit: 'µIU/mL', range: '0.35 - 5.50' },
      ],
    },
  ],
});

test('phone: a guest sees the values view — range bars, verdict words, body systems, the confidence sentence', async ({
  newPage,
}) => {
  // A guest address of its own: the free allowance counts per address, and the other journeys'
  // guests come from this machine too (the product trusts a loopback proxy's X-Forwarded-For).
  const page = await newPage({
    viewport: { width: 390, height: 800 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.22' },
  });
  await page.goto('/analyze');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.setInputFiles('input[type=file]', {
    name: 'guest-labs.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(GUEST_REPORT),
  });
  await page.getByRole('button', { name: 'Upload & Analyze Free' }).click();
  const view = page.locator('.results-view');
  await view.waitFor({ timeout: 90_000 });
  await seeText(page, '1 of 3 results out of range');
  const glucose = view.locator('.result[data-analyte=glucose_fasting]');
  expect((await glucose.getAttribute('data-verdict')) === 'high', 'glucose is not shown as high');
  // The verdict is a word, not a colour alone; the range used is written and drawn.
  expect((await glucose.locator('.verdict').innerText()).includes('High'), 'no verdict word');
  await glucose.getByText('Range used: 70 - 100').waitFor();
  expect((await glucose.locator('.range-bar .range-marker').count()) === 1, 'no range bar');
  await view.getByRole('heading', { name: /Blood sugar/ }).waitFor();
  await view.getByRole('heading', { name: 'Blood count' }).waitFor();
  await seeText(page, /How sure we are that the values were read correctly/);
  expect((await overflowOf(page)).length === 0, `guest results overflow: ${await overflowOf(page)}`);
  await axeScan(page, '/analyze (values view, phone)');
});

test('phone: a guest switches to Hindi in the header — the analyzer, its explanation and the 404 follow, remembered', async ({
  newPage,
}) => {
  // A guest address of its own: the free allowance counts per address, and the other journeys'
  // guests come from this machine too (the product trusts a loopback proxy's X-Forwarded-For).
  const page = await newPage({
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.23' },
  });
  await page.goto('/analyze');
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await page.getByRole('heading', { level: 1, name: 'मुफ़्त रिपोर्ट विश्लेषण' }).waitFor();
  expect((await page.locator('html').getAttribute('lang')) === 'hi', 'the page is not marked Hindi');
  expect((await overflowOf(page)).length === 0, `Hindi analyzer overflows: ${await overflowOf(page)}`);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.setInputFiles('input[type=file]', {
    name: 'guest-labs.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(GUEST_REPORT),
  });
  await page.getByRole('button', { name: 'मुफ़्त अपलोड और विश्लेषण' }).click();
  await page.locator('.results-view').waitFor({ timeout: 90_000 });
  await seeText(page, '3 में से 1 परिणाम सीमा से बाहर');
  // The explanation itself is written in Hindi, not only the page's words.
  const summary = (await page.locator('.result-text').first().innerText()).trim();
  expect(/[\u0900-\u097F]/.test(summary), `summary not in Hindi: ${summary.slice(0, 80)}`);
  expect((await overflowOf(page)).length === 0, `Hindi results overflow: ${await overflowOf(page)}`);
  await axeScan(page, '/analyze in Hindi (results, phone)');

  // Remembered on the next page, the 404 included; English is one tap away and stays.
  await page.goto('/no-such-page');
  await page.getByRole('heading', { level: 1, name: 'पेज नहीं मिला' }).waitFor();
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  await page.goto('/analyze');
  await page.getByRole('heading', { level: 1, name: 'Free Report Analysis' }).waitFor();
});

test('phone: a value to check stands apart at the top of the results, never judged', async ({
  base,
  newPage,
}) => {
  const s = await seedPhoneUser(base, 'phone-check');
  const userId = await userIdOf(s.email);
  expect(userId !== null, 'the user was not found');
  const [id] = await seedReports(userId!, [
    {
      filename: 'cbc-photo.jpg',
      values: [
        {
          canonical_id: 'hemoglobin',
          name: 'Haemoglobin',
          value: 13.2,
          unit: 'g/dL',
          ref_low: 12,
          ref_high: 15.5,
        },
        {
          canonical_id: 'mchc',
          name: 'MCHC',
          value: 1.01,
          unit: 'g/dL',
          ref_low: 32,
          ref_high: 36,
          flag: 'critical_low',
          uncertain: true,
          reading_note: 'Read as 1.01 on the photo, far from any MCHC a person can have.',
        },
        {
          canonical_id: 'platelet_count',
          name: 'Platelet Count',
          value: 98000,
          unit: '/cumm',
          ref_low: 150000,
          ref_high: 410000,
          flag: 'low',
        },
      ],
    },
  ]);
  const page = await newPage({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
  await page.context().addCookies([{ name: 'token', value: s.token, url: base }]);
  await page.goto(`/analysis/${id}`);
  const check = page.locator('.results-view .check-block');
  await check.getByRole('heading', { name: 'Check these on your printed report' }).waitFor();
  // The block comes before the body systems, holds the doubtful value only, and calls it "Check it".
  const order = await page
    .locator('.results-view')
    .evaluate((v) => Array.from(v.querySelectorAll('.check-block, .result-group'), (e) => e.className));
  expect(order[0] === 'check-block', `the check block is not first: ${order.join()}`);
  const inBlock = await check
    .locator('.result')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-analyte')));
  expect(JSON.stringify(inBlock) === '["mchc"]', `in the check block: ${inBlock.join()}`);
  const mchc = check.locator('.result[data-analyte=mchc]');
  expect((await mchc.locator('.verdict').innerText()).includes('Check it'), 'the doubtful value is judged');
  await mchc.getByText('Read as 1.01 on the photo').waitFor();
  // The count counts read values only: 1 of 2 out of range, 1 to check.
  await seeText(page, '1 of 2 results out of range · 1 value to check on your paper');
  const platelets = page.locator('.result-group .result[data-analyte=platelet_count]');
  expect((await platelets.getAttribute('data-verdict')) === 'low', 'platelets not shown as low');
  expect((await overflowOf(page)).length === 0, `analysis page overflows: ${await overflowOf(page)}`);
  await axeScan(page, '/analysis/{id} with a value to check (phone)');
});

test('phone: a Hindi results view names tests in Hindi beside the lab’s name, groups numbers the Indian way; share links line up; plans state their limits once', async ({
  base,
  newPage,
}) => {
  const s = await seedPhoneUser(base, 'phone-details');
  await setLanguage(s, 'hi');
  const page = await newPage({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await page.context().addCookies([{ name: 'token', value: s.token, url: base }]);
  await page.goto(`/analysis/${s.reportId}`);
  const platelets = page.locator('.results-view .result[data-analyte=platelet_count]');
  // The knowledge base's Hindi name is the title; the printed name stays visible as the lab's.
  await platelets.locator('.result-name', { hasText: 'प्लेटलेट गणना' }).waitFor();
  expect(
    (await platelets.locator('.result-lab-name').innerText()).includes('Platelet Count'),
    'the printed name is not shown beside the Hindi one',
  );
  // The value and the range used as an Indian report writes them.
  expect((await platelets.locator('.result-value strong').innerText()) === '2,52,000', 'value not grouped');
  await platelets.getByText('1,50,000 - 4,10,000').waitFor();

  // Share links on a phone: every label in one column and every value starting at one line.
  await page.goto('/user/security');
  const cells = page.locator('table.share-links tr[data-share-link] td[data-label]');
  const starts = await cells.evaluateAll((tds) =>
    tds.map((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      // The value is the cell's content after its label (::before): its first rect right of the label.
      const rects = Array.from(range.getClientRects());
      return Math.round(rects.length ? rects[0].left : -1);
    }),
  );
  expect(starts.length >= 4, `share link cells not found (${starts.length})`);
  expect(new Set(starts).size === 1, `share link values do not line up: ${starts.join(', ')}`);
  expect((await overflowOf(page)).length === 0, `security overflows: ${await overflowOf(page)}`);

  // Each plan's line gives its limits once, then only what the limits do not say.
  await page.goto('/user/subscription');
  const lines = await page.locator('.plan-option .block').allInnerTexts();
  // Other journeys on this lane's product may add plans: every plan offered is shown.
  const { plans } = await api<{ plans: unknown[] }>(s.base, '/user/subscription/plans', { token: s.token });
  expect(
    lines.length === plans.length && plans.length >= 3,
    `plans shown: ${lines.length} of ${plans.length}`,
  );
  const count = (text: string, word: string) => text.split(word).length - 1;
  for (const line of lines)
    expect(
      // (a plan with no limits at all says 'असीमित' of analyses and of storage, once each)
      count(line, 'महीने में') <= 1 &&
        count(line, 'असीमित विश्लेषण') <= 1 &&
        count(line, 'असीमित जगह') <= 1 &&
        !line.includes('रिपोर्ट रखने की जगह'),
      `a plan repeats its limits: ${line}`,
    );
  await setLanguage(s, 'en');
});

test('phone: a doctor who chose Hindi gets the PIN form and its refusal in Hindi', async ({
  base,
  newPage,
}) => {
  const s = await seedPhoneUser(base, 'phone-pin-hi');
  const page = await newPage({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await page.context().addCookies([{ name: 'rs_lang', value: 'hi', url: base }]);
  await page.goto(s.sharePath);
  await page.getByRole('heading', { level: 1, name: 'साझा की गई लैब रिपोर्ट' }).waitFor();
  await page.getByLabel('मरीज़ द्वारा दिया गया 6 अंकों का पिन डालें').fill('000000');
  await page.getByRole('button', { name: 'रिपोर्ट खोलें' }).click();
  await page.locator('#pin-error').waitFor();
  const refusal = await page.locator('#pin-error').innerText();
  expect(/[\u0900-\u097F]/.test(refusal), `the PIN refusal is not in Hindi: ${refusal}`);
});
