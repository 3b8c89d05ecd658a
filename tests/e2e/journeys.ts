import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { samplePdf, samplePng, sampleText } from '@reportsaathi/analysis/test-support/samples';
import { axeScan, beforeHydration, expect, seeText, test, uniqueEmail } from './harness';

/** The patient journeys, against the real server and database. */

/**
 * A generated file written to disk, so the browser reads it by path: a buffer is sent to the
 * browser encoded in the protocol message, and 11 MB of it took past the action timeout on a busy
 * machine.
 */
function fileOnDisk(name: string, bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-file-')), name);
  writeFileSync(file, bytes);
  return file;
}
const PASSWORD = 'secret-pass-1';
const ANALYSIS_WAIT_MS = 90_000;

async function register(page: Page, email: string, name = 'Asha Rao'): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/login$/);
  await seeText(page, 'Registration successful! Please login.');
}

async function login(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The analysis page re-reads itself every 5 s; wait for it to show a finished analysis. */
async function waitForAnalysis(page: Page): Promise<void> {
  const done = page.getByRole('heading', { name: 'Analysis Results' });
  const failed = page.getByText('Analysis failed', { exact: false });
  await done.or(failed).first().waitFor({ timeout: ANALYSIS_WAIT_MS });
  expect(await done.isVisible(), `analysis failed: ${await page.locator('.form-error').allTextContents()}`);
}

/**
 * The scan itself can fail (decision 269 runs axe in the page, legacy mode): a page with an
 * unnamed button and an image without a text alternative, inside a same-origin frame too, is
 * refused with both rules named.
 */
test('axe scan: an unnamed button and an image without alt fail it, in a frame too', async ({ newPage }) => {
  const page = await newPage();
  // On the product's origin, so the frame is same-origin as the pages the journeys scan.
  await page.goto('/');
  const broken = '<main><h1>Broken</h1><img src="/favicon.ico"><button></button></main>';
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Broken</title></head><body>${broken}` +
      `<iframe title="inner" srcdoc='<!doctype html><html lang="en"><title>Inner</title><body><main><button></button></main></body></html>'></iframe></body></html>`,
  );
  const refused = await axeScan(page, 'a broken page').then(
    () => null,
    (err: unknown) => (err instanceof Error ? err.message : String(err)),
  );
  expect(refused !== null, 'the scan passed a page with an unnamed button and an image without alt');
  expect(/critical button-name: .*\(2x/.test(refused), `button-name not found in both frames: ${refused}`);
  expect(refused.includes('image-alt'), `image-alt not reported: ${refused}`);
});

test('public pages render their copy and pass an axe scan', async ({ newPage }) => {
  const page = await newPage();
  const pages: [string, string][] = [
    ['/', 'Understand Your Medical Reports'],
    ['/login', 'Sign in to your account'],
    ['/register', 'Create your account'],
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/medical-disclaimer', 'Medical Disclaimer'],
    ['/analyze', 'Free Report Analysis'],
  ];
  for (const [url, heading] of pages) {
    const res = await page.goto(url);
    expect(res?.status() === 200, `${url} answered ${res?.status()}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await axeScan(page, url);
  }
  await page.goto('/');
  for (const text of [
    'How It Works',
    'Choose Your Experience',
    'Try Free',
    'Full Access',
    '48-hour report access',
  ]) {
    await seeText(page, text);
  }
  const footer = page.locator('footer');
  for (const text of ['108', '102', 'Quick Links', 'Medical notice']) {
    expect((await footer.textContent())?.includes(text), `footer lacks ${text}`);
  }
  await page.goto('/medical-disclaimer');
  for (const text of ['15. Contact', '8.2 Emergency numbers in India', 'Acknowledgment', '100', '101']) {
    await seeText(page, text);
  }
});

test('login and register show the validation messages (with and without JavaScript)', async ({ newPage }) => {
  for (const javaScriptEnabled of [true, false]) {
    const page = await newPage({ javaScriptEnabled });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await seeText(page, 'Email is required');
    await seeText(page, 'Password is required');
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await seeText(page, 'Invalid email address');
    await seeText(page, 'Password must be at least 6 characters');

    await page.goto('/register');
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByRole('button', { name: 'Create account' }).click();
    await seeText(page, 'Full name must be at least 2 characters');
    await seeText(page, 'Please confirm your password');
    await page.getByLabel('Full name').fill('Asha Rao');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm password').fill('abcdeg');
    await page.getByRole('button', { name: 'Create account' }).click();
    await seeText(page, 'Passwords do not match');
  }
  const page = await newPage();
  await page.goto('/login');
  await login(page, uniqueEmail('nobody'));
  await seeText(page, 'Incorrect email or password');
});

test('a user-only page sends a visitor to /login and back after login', async ({ newPage }) => {
  const page = await newPage();
  const email = uniqueEmail('redirect');
  await register(page, email);
  await page.context().clearCookies();
  await page.goto('/upload');
  await page.waitForURL(/\/login\?redirectTo=%2Fupload$/);
  await login(page, email);
  await page.waitForURL(/\/upload$/);
  await page.getByRole('heading', { name: 'Upload Report' }).waitFor();
  await seeText(page, 'Login successful!');

  // Signed out on an analysis page: the sign-in message and /login.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.goto('/analysis/1');
  await page.waitForURL(/\/login\?redirectTo=%2Fanalysis%2F1$/);
  await seeText(page, 'Please log in to view your reports');
});

test('register → login → upload a PDF → findings → chat → delete', async ({ newPage }) => {
  const page = await newPage();
  const email = uniqueEmail('journey');
  await register(page, email);
  await login(page, email);
  await page.waitForURL(/\/dashboard$/);
  await seeText(page, 'Welcome back, Asha Rao');
  await seeText(page, 'No reports yet');
  await axeScan(page, '/dashboard (empty)');

  await page.getByRole('link', { name: 'Upload New Report' }).click();
  await page.waitForURL(/\/upload$/);
  await axeScan(page, '/upload');
  // Refused before upload: an empty file.
  await page.setInputFiles('input[type=file]', {
    name: 'empty.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(0),
  });
  await seeText(page, 'File is smaller than 1 bytes');
  await page.setInputFiles('input[type=file]', fileOnDisk('huge.pdf', Buffer.alloc(11 * 1024 * 1024, 1)));
  await seeText(page, 'File is larger than 10485760 bytes');
  // Refused by the API, by its bytes: a text file renamed .pdf.
  await page.setInputFiles('input[type=file]', {
    name: 'renamed.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('this is not a pdf at all'),
  });
  await page.getByRole('button', { name: 'Upload & Analyze' }).click();
  await seeText(page, /File type must be one of|not a valid|does not match/);
  await page.waitForURL(/\/upload$/);

  await page.setInputFiles('input[type=file]', fileOnDisk('blood-count.pdf', samplePdf('bloodCount')));
  await seeText(page, 'blood-count.pdf');
  await seeText(page, /\d+\.\d\d MB/);
  // A double click must create one report (checked below: after deleting it the list is empty).
  await page.getByRole('button', { name: 'Upload & Analyze' }).dblclick();
  await page.waitForURL(/\/analysis\/\d+$/);
  const reportUrl = new URL(page.url()).pathname;
  await seeText(page, 'Report uploaded successfully!');
  await waitForAnalysis(page);
  await page.getByRole('heading', { name: 'Key Findings' }).waitFor();
  expect((await page.locator('.findings li').count()) > 0, 'no key findings listed');
  await seeText(page, 'V2.1.0');
  expect((await page.locator('.results-view .result').count()) > 0, 'no extracted values shown');
  expect(
    !(await page.getByRole('button', { name: 'Start Analysis' }).isVisible()),
    'Start Analysis shown when completed',
  );
  await axeScan(page, `${reportUrl} (analysis)`);
  await page
    .getByRole('button', { name: /Helpful/ })
    .first()
    .click();
  await seeText(page, 'Thank you for your feedback.');

  await page.getByRole('link', { name: 'Chat' }).click();
  await page.waitForURL(/tab=chat/);
  await seeText(page, 'No messages yet. Start a conversation!');
  await axeScan(page, `${reportUrl} (chat)`);
  const input = page.getByLabel('Your question');
  await input.fill('   ');
  expect(
    await page.getByRole('button', { name: 'Send' }).isDisabled(),
    'a whitespace-only message could be sent',
  );
  await input.fill('What does my haemoglobin result mean?');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.chat-user', { hasText: 'What does my haemoglobin result mean?' }).waitFor();
  await page.locator('.chat-ai').first().waitFor({ timeout: 60_000 });
  expect((await input.inputValue()) === '', 'input not cleared after sending');
  const answer = (await page.locator('.chat-ai').first().textContent()) ?? '';
  expect(answer.length > 20 && !answer.includes('No answer yet'), `no AI answer: ${answer}`);
  // A question typed before the page's JavaScript arrives (a slow phone) can be sent once it hydrates.
  await beforeHydration(
    page,
    () => page.goto(`${reportUrl}?tab=chat`, { waitUntil: 'commit' }),
    () => input.fill('Should I repeat this test?'),
  );
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.chat-user', { hasText: 'Should I repeat this test?' }).waitFor();

  // Someone else's or a missing report, and a non-numeric id.
  await page.goto('/analysis/99999999');
  await seeText(page, 'Report not found');
  await seeText(page, 'The requested report could not be found.');
  await page.goto('/analysis/abc');
  await seeText(page, 'Report not found');

  await page.goto('/dashboard');
  await seeText(page, 'Uploaded ');
  await seeText(page, 'Completed');
  page.once('dialog', (d) => {
    expect(d.message() === 'Are you sure you want to delete this report?', `dialog said ${d.message()}`);
    void d.accept();
  });
  await page.getByRole('button', { name: 'Delete blood-count.pdf' }).click();
  await seeText(page, 'Report deleted successfully');
  await seeText(page, 'No reports yet');
  await page.goto(reportUrl);
  await seeText(page, 'Report not found');
});

test('guest analyzes a fixture image and hits the limit on the 4th try', async ({ newPage }) => {
  const page = await newPage();
  await page.goto('/analyze');
  await seeText(page, /Analyses left today: \d/);
  await seeText(page, /Session expires in: \d+h \d+m/);
  const files = [
    fileOnDisk('thyroid.png', await samplePng('thyroid')),
    fileOnDisk('sugar.txt', sampleText('sugar')),
    fileOnDisk('vitamins.txt', sampleText('vitamins')),
  ];
  for (const [i, file] of files.entries()) {
    await page.setInputFiles('input[type=file]', file);
    await page.getByRole('button', { name: 'Upload & Analyze Free' }).click();
    await seeText(page, 'File uploaded successfully!');
    await page.getByRole('heading', { name: 'Analysis Results' }).waitFor({ timeout: ANALYSIS_WAIT_MS });
    await seeText(page, 'Important disclaimer');
    if (i === 0) {
      await seeText(page, 'Key Findings');
      await axeScan(page, '/analyze (results)');
      // The session survives a reload while it is unexpired.
      const before = await page.evaluate(() => localStorage.getItem('reportsaathi.guestSession'));
      await page.reload();
      await seeText(page, /Uploads left today: \d/);
      const after = await page.evaluate(() => localStorage.getItem('reportsaathi.guestSession'));
      expect(
        before && after && JSON.parse(before).session_id === JSON.parse(after).session_id,
        'guest session not restored',
      );
      continue;
    }
    await page.getByRole('button', { name: 'Analyze Another Report' }).click();
  }
  await seeText(page, 'Uploads left today: 0');
  await page.setInputFiles('input[type=file]', fileOnDisk('kidney.txt', sampleText('kidney')));
  // At the limit the button is disabled and says when the allowance opens again (issue 33).
  await seeText(page, /You can analyze again after [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d (AM|PM)/);
  expect(
    await page.getByRole('button', { name: 'Upload & Analyze Free' }).isDisabled(),
    'the upload button is usable at the limit',
  );
});

test('mobile viewport: the collapsible menu with Try Analysis (Free)', async ({ newPage }) => {
  const page = await newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  await page.goto('/');
  expect(!(await page.locator('.nav-links').isVisible()), 'desktop links visible on a phone');
  const item = page.getByRole('link', { name: 'Try Analysis (Free)' });
  expect(!(await item.isVisible()), 'menu open before tapping it');
  // On the narrowest phones the button shows its icon alone; its name is its aria-label.
  await page.locator('summary.menu-button').click();
  await item.waitFor({ state: 'visible' });
  await axeScan(page, '/ (mobile, menu open)');
  await item.click();
  await page.waitForURL(/\/analyze$/);
  const closed = await item
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  expect(closed, 'menu still open after navigating');
});

test('without JavaScript: login posts and redirects, logout clears the session', async ({ newPage }) => {
  const js = await newPage();
  const email = uniqueEmail('nojs');
  await register(js, email, 'Ravi Kumar');
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto('/login');
  await login(page, email);
  await page.waitForURL(/\/dashboard$/);
  await seeText(page, 'Welcome back, Ravi Kumar');
  await page.goto('/upload');
  await page.setInputFiles('input[type=file]', fileOnDisk('thyroid.txt', sampleText('thyroid')));
  await page.getByRole('button', { name: 'Upload & Analyze' }).click();
  await page.waitForURL(/\/analysis\/\d+$/);
  await seeText(page, 'thyroid.txt');
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.waitForURL((u) => u.pathname === '/');
  await seeText(page, 'Try Analysis Free');
  await page.goto('/dashboard');
  await page.waitForURL(/\/login\?redirectTo=%2Fdashboard$/);
});

test('a user who prefers Hindi sees the analysis in Hindi', async ({ base, newPage }) => {
  const page = await newPage();
  const email = uniqueEmail('hindi');
  await register(page, email, 'Sunita Devi');
  // The preference is set through the API (its screen belongs to the user panel).
  const login1 = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token } = (await login1.json()) as { token: string };
  const put = await fetch(`${base}/api/v1/user/preferences`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ language: 'hi' }),
  });
  expect(put.status === 200, `PUT /user/preferences answered ${put.status}`);

  await login(page, email);
  await page.waitForURL(/\/dashboard$/);
  await page.goto('/upload');
  // The upload page speaks the user's language too (issue 33).
  await page.getByRole('heading', { level: 1, name: 'रिपोर्ट अपलोड करें' }).waitFor();
  await page.setInputFiles('input[type=file]', fileOnDisk('thyroid.txt', sampleText('thyroid')));
  await page.getByRole('button', { name: 'अपलोड और विश्लेषण करें' }).click();
  await page.waitForURL(/\/analysis\/\d+$/);
  const done = page.getByRole('heading', { name: 'विश्लेषण के परिणाम' });
  await done.waitFor({ timeout: ANALYSIS_WAIT_MS });
  await page.getByRole('heading', { name: 'मुख्य निष्कर्ष' }).waitFor();
  const summary = (await page.locator('main').textContent()) ?? '';
  expect(/[\u0900-\u097F]{3,}/.test(summary), 'no Devanagari text in the analysis');
  await axeScan(page, '/analysis (Hindi)');
});
