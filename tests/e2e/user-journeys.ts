import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '@reportsaathi/contracts';
import { axeScan, beforeHydration, expect, seeText, test, uniqueEmail, waitForAnalysis } from './harness';
import { linkPath, mailTo } from './mail';
import {
  backdateReport,
  leftoversOf,
  seedChats,
  seedFeedback,
  seedReports,
  userIdOf,
  type ReportSeed,
} from './user-fixtures';

/** The user panel journeys (/user/*), against the real server and database. */
export const PASSWORD = 'secret-pass-1';

/** Registers through the API (fast) and signs in through the login form. */
export async function signUp(page: Page, base: string, tag: string, name = 'Meera Iyer'): Promise<string> {
  const email = uniqueEmail(tag);
  const res = await page.request.post(`${base}/api/v1/auth/register`, {
    data: { email, password: PASSWORD, full_name: name },
  });
  expect(res.ok(), `register answered ${res.status()}`);
  await signIn(page, email);
  return email;
}

export async function signIn(page: Page, email: string, password = PASSWORD, to = '/user/dashboard') {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === to);
}

test('user panel: guard, side navigation, active link, dashboard, placeholder, logout', async ({
  base,
  newPage,
}) => {
  const page = await newPage();
  await page.goto('/user/dashboard');
  await page.waitForURL(/\/login\?redirectTo=%2Fuser%2Fdashboard$/);
  await signUp(page, base, 'panel', 'Meera Iyer');
  await page.getByRole('heading', { level: 1, name: 'Welcome back, Meera Iyer' }).waitFor();
  const nav = page.locator('.panel-side');
  await nav.getByText('My Panel').waitFor();
  for (const label of [
    'Dashboard',
    'My Reports',
    'Chat History',
    'Upload Report',
    'Profile Settings',
    'Preferences',
    'My Health Trends',
  ])
    await nav.getByRole('link', { name: label, exact: true }).waitFor();
  const current = await nav.locator('[aria-current=page]').allTextContents();
  expect(current.join() === 'Dashboard', `active links: ${current.join()}`);
  for (const text of [
    'Reports Uploaded',
    'Reports Analyzed',
    'Chat Conversations',
    'Storage Used',
    '0 reports',
    'Avg Processing',
    'Most Used Type',
    'Feedback Given',
    'No recent activity',
    'Account Information',
  ])
    await seeText(page, text);
  expect(await page.getByPlaceholder('Search reports, chats...').isVisible(), 'no search box');
  await seeText(page, 'User');
  await axeScan(page, '/user/dashboard');

  await page.goto('/user/something-else');
  await seeText(page, 'will be implemented in future sessions');
  expect((await nav.locator('[aria-current=page]').count()) === 0, 'a link is active on a placeholder');

  // The drawer on a phone works without JavaScript (a <details> element).
  const phone = await newPage({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
  const cookies = await page.context().cookies();
  await phone.context().addCookies(cookies);
  await phone.goto('/user/dashboard');
  expect(!(await phone.locator('.panel-side').isVisible()), 'side navigation visible on a phone');
  await phone.getByText('Menu', { exact: true }).last().click();
  await phone.locator('.panel-drawer').getByRole('link', { name: 'My Reports' }).click();
  await phone.waitForURL(/\/user\/reports$/);

  await page.goto('/user/dashboard');
  await page.locator('.panel-user').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login$/);
});

test('user panel: subscription upgrade through the sandbox gateway', async ({ base, newPage }) => {
  const page = await newPage();
  await signUp(page, base, 'sub');
  await page.goto('/user/subscription');
  await page.getByRole('heading', { level: 1, name: 'Subscription' }).waitFor();
  await seeText(page, 'Free');
  await axeScan(page, '/user/subscription');
  await page.locator('input[name=plan][value=plus]').check();
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await page.getByRole('heading', { name: 'Complete your payment' }).waitFor();
  await seeText(page, '₹199');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('heading', { level: 1, name: 'Subscription' }).waitFor();
  const current = await page.locator('section').filter({ hasText: 'Current plan' }).textContent();
  expect(current?.includes('Plus'), `current plan: ${current}`);
  const payments = await page.locator('section').filter({ hasText: 'Payments' }).last().textContent();
  expect(payments?.includes('₹199') && payments.includes('sandbox'), `payments: ${payments}`);
  await page.goto('/user/dashboard');
  await seeText(page, 'Plus');

  await page.goto('/user/subscription');
  page.once('dialog', (d) => void d.accept());
  await page.getByLabel('Reason (optional)').fill('Trying it out');
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await seeText(page, 'Trying it out');
});

/** India's date as the export file names carry it (YYYY-MM-DD). */
const indiaDate = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

/** Runs `act`, which must start a download; returns its suggested name and its bytes. */
async function download(page: Page, act: () => Promise<unknown>): Promise<{ name: string; bytes: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), act()]);
  const file = await d.path();
  expect(file, `download ${d.suggestedFilename()} failed: ${await d.failure()}`);
  return { name: d.suggestedFilename(), bytes: await readFile(file) };
}

/**
 * Polls `check` until it holds (a client-side navigation changes the URL a moment before the page
 * shows the new data), then fails with `message`.
 */
async function eventually(check: () => Promise<boolean>, message: () => Promise<string> | string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  expect(false, await message());
}

function parseCsv(text: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors.length === 0, `CSV does not parse: ${JSON.stringify(parsed.errors.slice(0, 2))}`);
  return parsed.data;
}

/** The profile page's sections, found by their headings. */
const sectionOf = (page: Page, heading: string) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });

test('user panel: profile change (e-mail taken or confirmed by mail, new name everywhere) and password change', async ({
  base,
  newPage,
}) => {
  const page = await newPage();
  const email = await signUp(page, base, 'profile', 'Kavya Menon');
  const taken = uniqueEmail('taken');
  const reg = await page.request.post(`${base}/api/v1/auth/register`, {
    data: { email: taken, password: PASSWORD, full_name: 'Someone Else' },
  });
  expect(reg.ok(), `register answered ${reg.status()}`);
  // A second session of the same account, on another "device": the password change signs it out.
  const other = await newPage();
  await signIn(other, email);

  await page.goto('/user/profile');
  await page.getByRole('heading', { level: 1, name: 'Profile Settings' }).waitFor();
  for (const h of ['Profile Information', 'Password', 'Preferences', 'Privacy & Data', 'Account Settings'])
    await page.getByRole('heading', { level: 2, name: h, exact: true }).waitFor();
  await axeScan(page, '/user/profile');

  // Profile: an e-mail of another account gets the same answer as a free one (decision 230); its
  // owner is told by mail, and nothing changes until a link is opened.
  const profile = sectionOf(page, 'Profile Information');
  expect((await profile.getByLabel('Email address').getAttribute('type')) === 'email', 'email field type');
  await profile.getByLabel('Email address').fill(taken);
  await profile.getByRole('button', { name: 'Update Profile' }).click();
  // A new sign-in e-mail needs the current password first.
  await seeText(page, 'Enter your current password to change the e-mail you sign in with');
  await profile.getByLabel('Current password').fill(PASSWORD);
  await profile.getByRole('button', { name: 'Update Profile' }).click();
  await seeText(page, ACCOUNT_MESSAGES.emailChangeRequested);
  await mailTo(taken, /tried to use your e-mail/);
  await page.reload();
  expect((await profile.getByLabel('Email address').inputValue()) === email, 'e-mail changed without a link');

  const newEmail = uniqueEmail('renamed');
  await profile.getByLabel('Full name').fill('Kavya Menon-Rao');
  await profile.getByLabel('Email address').fill(newEmail);
  await profile.getByLabel('Current password').fill(PASSWORD);
  await profile.getByRole('button', { name: 'Update Profile' }).click();
  await seeText(page, ACCOUNT_MESSAGES.emailChangeRequested);
  // The new name replaces the session user's at once: the top bar says so.
  await page.locator('.panel-welcome', { hasText: 'Kavya Menon-Rao' }).waitFor();
  // The new address is used once its link is opened; the old address is told.
  await page.goto(linkPath(await mailTo(newEmail, /Confirm your new ReportSaathi/), '/confirm-email'));
  await seeText(page, ACCOUNT_MESSAGES.emailChanged);
  await mailTo(email, /e-mail address was changed/);
  await page.goto('/user/profile');
  expect((await profile.getByLabel('Email address').inputValue()) === newEmail, 'email field not updated');
  await page.goto('/user/dashboard');
  const info = page.locator('section').filter({ hasText: 'Account Information' });
  const infoText = (await info.textContent()) ?? '';
  expect(infoText.includes('Kavya Menon-Rao') && infoText.includes(newEmail), `account card: ${infoText}`);

  // Password: the password rules, each with its message, and what was typed stays after a refusal.
  await page.goto('/user/profile');
  const pw = sectionOf(page, 'Password');
  const current = pw.getByLabel('Current password');
  const next = pw.getByLabel('New password', { exact: true });
  const confirm = pw.getByLabel('Confirm new password');
  const change = pw.getByRole('button', { name: 'Change Password' });
  await current.fill(PASSWORD);
  await next.fill('short1');
  await confirm.fill('short1');
  await change.click();
  await pw.getByText('Password must be at least 8 characters long.').waitFor();
  await next.fill('a-new-password-2');
  await confirm.fill('a-new-password-3');
  await change.click();
  await pw.getByText('New passwords do not match').waitFor();
  await current.fill('not-my-password');
  await confirm.fill('a-new-password-2');
  await change.click();
  await pw.getByText('Current password is incorrect').first().waitFor();
  expect((await next.inputValue()) === 'a-new-password-2', 'a refused change emptied the fields');

  await current.fill(PASSWORD);
  await change.click();
  await seeText(page, 'Password changed successfully');
  for (const [label, field] of [
    ['current', current],
    ['new', next],
    ['confirm', confirm],
  ] as const)
    expect((await field.inputValue()) === '', `the ${label} password field was not cleared`);
  // This session stays; the other one is signed out.
  await page.goto('/user/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Welcome back, Kavya Menon-Rao' }).waitFor();
  await other.goto('/user/dashboard');
  await other.waitForURL(/\/login\?redirectTo=%2Fuser%2Fdashboard$/);

  // Only the new password (and the new e-mail) sign in.
  const fresh = await newPage();
  await fresh.goto('/login');
  await fresh.getByLabel('Email address').fill(newEmail);
  await fresh.getByLabel('Password').fill(PASSWORD);
  await fresh.getByRole('button', { name: 'Sign in' }).click();
  await seeText(fresh, 'Incorrect email or password');
  await signIn(fresh, newEmail, 'a-new-password-2');
});

test('user panel: profile and password forms work without JavaScript', async ({ base, newPage }) => {
  const js = await newPage();
  const email = await signUp(js, base, 'nojs-profile', 'Arjun Das');
  const page = await newPage({ javaScriptEnabled: false });
  await page.context().addCookies(await js.context().cookies());
  await page.goto('/user/profile');
  const profile = sectionOf(page, 'Profile Information');
  await profile.getByLabel('Full name').fill('Arjun Dasgupta');
  await profile.getByRole('button', { name: 'Update Profile' }).click();
  await seeText(page, 'Profile updated successfully');
  await page.locator('.panel-welcome', { hasText: 'Arjun Dasgupta' }).waitFor();
  const pw = sectionOf(page, 'Password');
  await pw.getByLabel('Current password').fill(PASSWORD);
  await pw.getByLabel('New password', { exact: true }).fill('another-pass-9');
  await pw.getByLabel('Confirm new password').fill('another-pass-9');
  await pw.getByRole('button', { name: 'Change Password' }).click();
  await seeText(page, 'Password changed successfully');
  expect((await pw.getByLabel('New password', { exact: true }).inputValue()) === '', 'field kept');
  const fresh = await newPage();
  await signIn(fresh, email, 'another-pass-9');
});

test('user panel: exports download and parse (full JSON, CSV ZIP, report CSV, chats JSON)', async ({
  base,
  newPage,
}) => {
  // Someone else's data, which must appear in none of the files.
  const stranger = await newPage();
  const strangerEmail = await signUp(stranger, base, 'stranger', 'Stranger Danger');
  const strangerId = (await userIdOf(strangerEmail))!;
  const [strangerReport] = await seedReports(strangerId, [{ filename: 'stranger_secret_report.pdf' }]);
  await seedChats(strangerId, [
    { report_id: strangerReport, message: 'stranger question zebra', response: 'stranger answer' },
  ]);

  const page = await newPage();
  const email = await signUp(page, base, 'export', 'Nisha Pillai');
  const userId = (await userIdOf(email))!;
  const [cbc, lipid] = await seedReports(userId, [
    {
      filename: 'cbc_march.pdf',
      values: [
        { canonical_id: 'hemoglobin', name: 'Haemoglobin', value: 11.2, unit: 'g/dL', flag: 'low' },
        { canonical_id: 'wbc', name: 'WBC', value: 7200, unit: '/cumm' },
      ],
    },
    { filename: 'lipid_april.pdf', report_type: 'other' },
  ]);
  const [chatId] = await seedChats(userId, [
    // A message that would run as a formula in a spreadsheet: the CSV must defuse it.
    { report_id: cbc, message: '=HYPERLINK("x") is my iron low?', response: 'Your haemoglobin is low.' },
    { report_id: lipid, message: 'What is LDL?', response: null },
  ]);
  await seedFeedback(userId, cbc, 'helpful', 'clear explanation, thanks');

  // Export My Data: everything, as my_account_data_{date}.json.
  await page.goto('/user/profile');
  const account = sectionOf(page, 'Account Settings');
  const all = await download(page, () => account.getByRole('button', { name: 'Export My Data' }).click());
  expect(all.name === `my_account_data_${indiaDate()}.json`, `file name ${all.name}`);
  const text = all.bytes.toString('utf8');
  const data = JSON.parse(text) as {
    profile: { email: string; full_name: string };
    reports: Array<{ id: number; filename: string; values?: Array<{ name: string; value: unknown }> }>;
    chats: Array<{ id: number; message: string; response: string | null }>;
    feedback: Array<{ comment: string }>;
    subscriptions: unknown[];
    payments: unknown[];
  };
  expect(data.profile.email === email && data.profile.full_name === 'Nisha Pillai', 'profile missing');
  expect(
    data.reports
      .map((r) => r.filename)
      .sort()
      .join() === 'cbc_march.pdf,lipid_april.pdf',
    `reports: ${data.reports.map((r) => r.filename).join()}`,
  );
  const hb = data.reports.find((r) => r.id === cbc)?.values?.find((v) => v.name === 'Haemoglobin');
  expect(hb && Number(hb.value) === 11.2, `haemoglobin value missing: ${JSON.stringify(hb)}`);
  expect(data.chats.length === 2 && data.chats.some((c) => c.id === chatId), 'chats missing');
  expect(data.feedback[0]?.comment === 'clear explanation, thanks', 'feedback missing');
  expect(Array.isArray(data.subscriptions) && Array.isArray(data.payments), 'subscription parts missing');
  expect(!text.includes('stranger'), "another user's data is in the export");

  // Advanced Data Export as CSV: a ZIP of CSV files, read back with jszip and papaparse.
  const advanced = sectionOf(page, 'Privacy & Data')
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Export Data' }) });
  await advanced.getByLabel('CSV (Multiple Files in ZIP)').check();
  await advanced.getByLabel('Feedback').uncheck();
  const zipped = await download(page, () => advanced.getByRole('button', { name: 'Export Data' }).click());
  expect(zipped.name === `user_data_export_${indiaDate()}.zip`, `file name ${zipped.name}`);
  const zip = await JSZip.loadAsync(zipped.bytes);
  const files = Object.keys(zip.files).sort();
  expect(!files.includes('feedback.csv') && files.includes('chats.csv'), `zip holds ${files.join()}`);
  const reportsCsv = parseCsv(await zip.file('reports.csv')!.async('string'));
  expect(reportsCsv.length === 2 && reportsCsv.some((r) => r.filename === 'cbc_march.pdf'), 'reports.csv');
  const chatsCsv = parseCsv(await zip.file('chats.csv')!.async('string'));
  const risky = chatsCsv.find((c) => c.id === String(chatId));
  expect(risky?.message.startsWith("'="), `formula not escaped: ${risky?.message}`);
  const valuesCsv = parseCsv(await zip.file('report_values.csv')!.async('string'));
  expect(
    valuesCsv.some((v) => v.name === 'WBC' && v.value === '7200'),
    'report_values.csv lacks WBC',
  );
  for (const f of files)
    expect(!(await zip.file(f)!.async('string')).includes('stranger'), `${f} holds another user's data`);

  // One report's CSV from My Reports: a report row, a row per value, a row per chat.
  await page.goto('/user/reports');
  const one = await download(page, () =>
    page.getByRole('link', { name: 'Export cbc_march.pdf as CSV' }).click(),
  );
  expect(one.name === `report_${cbc}_export.csv`, `file name ${one.name}`);
  const rows = parseCsv(one.bytes.toString('utf8'));
  const kinds = rows.map((r) => r.record_type).join();
  expect(kinds === 'report,value,value,chat', `record types ${kinds}`);
  expect(rows[0].filename === 'cbc_march.pdf' && rows[0].status === 'completed', 'report row');
  const json = await download(page, () =>
    page.getByRole('link', { name: 'Export lipid_april.pdf as JSON' }).click(),
  );
  expect(json.name === `report_${lipid}_export.json`, `file name ${json.name}`);
  const lipidData = JSON.parse(json.bytes.toString('utf8')) as { report: { id: number }; chats: unknown[] };
  expect(lipidData.report.id === lipid && lipidData.chats.length === 1, 'report JSON');

  // Chat History's Export JSON.
  await page.goto('/user/chats');
  const chats = await download(page, () => page.getByRole('link', { name: 'Export JSON' }).click());
  expect(chats.name === `chat_history_export_${indiaDate()}.json`, `file name ${chats.name}`);
  const chatData = JSON.parse(chats.bytes.toString('utf8')) as { chats: unknown[]; total: number };
  expect(chatData.total === 2 && chatData.chats.length === 2, `chats export: ${chatData.total}`);

  // Someone else's report id in the export link: refused with the spec's message, no file.
  await page.goto(`/user/export?what=report&id=${strangerReport}&format=json&back=/user/reports`);
  await page.waitForURL(/\/user\/reports$/);
  await seeText(page, /^Failed to export report: /);
});

test('user panel: report filters, sorting and pagination live in the URL', async ({ base, newPage }) => {
  const page = await newPage();
  const email = await signUp(page, base, 'reports', 'Farah Khan');
  const userId = (await userIdOf(email))!;
  // 45 reports: three pages of 20. 5 failed ultrasounds in March 2025, 40 blood tests in 2026.
  const seeds: ReportSeed[] = [];
  for (let i = 1; i <= 40; i++)
    seeds.push({
      filename: `blood_${String(i).padStart(2, '0')}.pdf`,
      created_at: new Date(Date.UTC(2026, 0, 1 + i, 6)),
      file_size: 1000 * i,
    });
  for (let i = 1; i <= 5; i++)
    seeds.push({
      filename: `scan_${i}.pdf`,
      status: 'failed',
      report_type: 'ultrasound',
      processing_time_seconds: null,
      created_at: new Date(Date.UTC(2025, 2, 10 + i, 6)),
    });
  seeds.push({ filename: 'untyped.pdf', report_type: null, created_at: new Date(Date.UTC(2024, 5, 1, 6)) });
  await seedReports(userId, seeds);

  await page.goto('/user/reports');
  await page.getByRole('heading', { level: 1, name: 'My Reports' }).waitFor();
  await seeText(page, 'Manage and view all your uploaded medical reports (46 total)');
  await seeText(page, 'Showing page 1 of 3 (46 total reports)');
  await axeScan(page, '/user/reports');
  const rows = page.locator('table.data-table tbody tr');
  expect((await rows.count()) === 20, `page 1 has ${await rows.count()} rows`);
  // Default sort: newest upload first.
  expect((await rows.first().locator('th').textContent()) === 'blood_40.pdf', 'not newest first');
  const first = rows.first();
  expect((await first.textContent())?.includes('4.2s'), 'processing time not in seconds');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const numbers = await pager.locator('.pager-links > *').allTextContents();
  expect(numbers.join('|') === 'Previous|1|2|3|Next', `pager: ${numbers.join('|')}`);

  await pager.getByRole('link', { name: 'Next' }).click();
  await page.waitForURL((u) => u.searchParams.get('page') === '2');
  await seeText(page, 'Showing page 2 of 3 (46 total reports)');
  await pager.getByRole('link', { name: 'Page 3' }).click();
  await seeText(page, 'Showing page 3 of 3 (46 total reports)');
  expect((await rows.count()) === 6, `page 3 has ${await rows.count()} rows`);
  const last = await rows.locator('th').allTextContents();
  expect(last.at(-1) === 'untyped.pdf', `last row ${last.at(-1)}`);
  expect((await rows.last().textContent())?.includes('Unknown'), "an empty type does not read 'Unknown'");

  // Type options come from the user's own reports; filters go into the URL and start at page 1.
  const filters = page.getByRole('form', { name: 'Filter reports' });
  const types = await filters.getByLabel('Type').locator('option').allTextContents();
  expect(types[0] === 'All types', `first type option ${types[0]}`);
  expect(types.slice(1).sort().join('|') === 'blood test|ultrasound', `type options ${types.join('|')}`);
  await filters.getByLabel('Status').selectOption('failed');
  await filters.getByLabel('Type').selectOption('ultrasound');
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await page.waitForURL((u) => u.searchParams.get('status') === 'failed');
  let url = new URL(page.url());
  expect(url.searchParams.get('report_type') === 'ultrasound', `url ${url.search}`);
  expect(!url.searchParams.has('page') || url.searchParams.get('page') === '1', 'filter kept page 3');
  await seeText(page, '(5 total)');
  await seeText(page, 'Showing page 1 of 1 (5 total reports)');
  expect((await rows.count()) === 5, 'status and type filter');

  // Sorting keeps the filters; the same column again flips the order.
  await page.getByRole('link', { name: /^Filename/ }).click();
  await page.waitForURL((u) => u.searchParams.get('sort_by') === 'filename');
  url = new URL(page.url());
  expect(url.searchParams.get('status') === 'failed', 'sorting lost the filters');
  const names = () => rows.locator('th').allTextContents();
  await eventually(
    async () => (await names()).join() === 'scan_5.pdf,scan_4.pdf,scan_3.pdf,scan_2.pdf,scan_1.pdf',
    async () => `filename desc: ${(await names()).join()}`,
  );
  await page.getByRole('link', { name: /^Filename/ }).click();
  await page.waitForURL((u) => u.searchParams.get('sort_order') === 'asc');
  await eventually(
    async () => (await names())[0] === 'scan_1.pdf',
    async () => `filename asc: ${(await names()).join()}`,
  );
  expect(
    (await page.locator('th[aria-sort]').getAttribute('aria-sort')) === 'ascending',
    'aria-sort not set on the sorted column',
  );

  // A filtered view is a link: opening it in a new tab shows the same, with the form filled in.
  const shared = await newPage();
  await shared.context().addCookies(await page.context().cookies());
  await shared.goto(
    '/user/reports?search=blood_1&date_from=2026-01-10&date_to=2026-01-15&sort_by=created_at&sort_order=asc',
  );
  // blood_N is uploaded on January N+1: the 10th to the 15th (both included) hold blood_09..14,
  // of which blood_10..14 match the search.
  await seeText(shared, 'Showing page 1 of 1 (5 total reports)');
  const sharedNames = await shared.locator('table.data-table tbody th').allTextContents();
  expect(
    sharedNames.join() === 'blood_10.pdf,blood_11.pdf,blood_12.pdf,blood_13.pdf,blood_14.pdf',
    `dates: ${sharedNames.join()}`,
  );
  expect(
    (await shared.getByLabel('Search by filename').inputValue()) === 'blood_1',
    'search not in the form',
  );
  expect((await shared.getByLabel('From').inputValue()) === '2026-01-10', 'date not in the form');

  // Past the end: nothing, with the true count and a way back.
  await shared.goto('/user/reports?page=9');
  await seeText(shared, 'No reports found');
  await seeText(shared, 'Showing page 9 of 3 (46 total reports)');
  await shared.getByRole('link', { name: 'Page 3' }).click();
  await seeText(shared, 'Showing page 3 of 3 (46 total reports)');

  // Clear Filters: the bare URL and every report.
  await filters.getByRole('link', { name: 'Clear Filters' }).click();
  await page.waitForURL((u) => u.pathname === '/user/reports' && u.search === '');
  await seeText(page, 'Showing page 1 of 3 (46 total reports)');
  expect((await filters.getByLabel('Status').inputValue()) === '', 'status kept after Clear Filters');

  // Delete with its confirmation naming the file; the count goes down.
  page.once('dialog', (d) => {
    expect(
      d.message() ===
        'Are you sure you want to delete "blood_40.pdf"? This will also delete all associated chat conversations and feedback. This action cannot be undone.',
      `dialog said ${d.message()}`,
    );
    void d.accept();
  });
  await page.getByRole('button', { name: 'Delete blood_40.pdf' }).click();
  await seeText(page, 'Report deleted successfully');
  await seeText(page, 'Showing page 1 of 3 (45 total reports)');
  expect(
    !(await page.getByRole('link', { name: 'blood_40.pdf' }).isVisible()),
    'deleted report still listed',
  );
});

test('user panel: chat tabs — All Chats, Grouped by Report, Read more, report filter, deletes', async ({
  base,
  newPage,
}) => {
  const page = await newPage();
  const email = await signUp(page, base, 'chats', 'Imran Sheikh');
  const userId = (await userIdOf(email))!;
  const [thyroid, sugar] = await seedReports(userId, [
    { filename: 'thyroid_may.pdf', created_at: new Date(Date.UTC(2026, 4, 2, 6)) },
    { filename: 'sugar_june.pdf', created_at: new Date(Date.UTC(2026, 5, 2, 6)) },
  ]);
  const long = `TSH measures how hard your pituitary gland is pushing the thyroid. ${'A higher TSH usually means the thyroid is underactive. '.repeat(8)}END-OF-ANSWER`;
  const [c1, c2, c3] = await seedChats(userId, [
    {
      report_id: thyroid,
      message: 'What does TSH mean?',
      response: long,
      created_at: new Date(Date.UTC(2026, 4, 3, 6)),
    },
    {
      report_id: thyroid,
      message: 'Is my FT4 low?',
      response: null,
      created_at: new Date(Date.UTC(2026, 4, 4, 6)),
    },
    {
      report_id: sugar,
      message: 'Is 110 fasting sugar high?',
      response: 'It is above the usual range.',
      created_at: new Date(Date.UTC(2026, 5, 3, 6)),
    },
  ]);

  await page.goto('/user/chats');
  await page.getByRole('heading', { level: 1, name: 'Chat History' }).waitFor();
  const tabs = page.getByRole('navigation', { name: 'Chat views' });
  expect(
    (await tabs.locator('[aria-current=page]').textContent()) === 'All Chats',
    'All Chats is not the current tab',
  );
  await axeScan(page, '/user/chats');
  const cards = page.locator('.chat-cards > li');
  expect((await cards.count()) === 3, `${await cards.count()} chat cards`);
  const card1 = cards.filter({ hasText: `Chat #${c1}` });
  for (const text of ['Your Question:', 'What does TSH mean?', 'AI Response:', 'thyroid_may.pdf'])
    await card1.getByText(text, { exact: true }).first().waitFor();
  // 300 characters, then 'Read more' shows the rest.
  const preview = (await card1.locator('.chat-text').nth(1).textContent()) ?? '';
  expect(preview.length === 301 && preview.endsWith('…'), `preview is ${preview.length} characters`);
  const end = card1.getByText(/END-OF-ANSWER/);
  expect(!(await end.isVisible()), 'the whole answer shows before Read more');
  await card1.getByText('Read more').click();
  await end.waitFor();
  await cards
    .filter({ hasText: `Chat #${c2}` })
    .getByText('No response yet - this conversation may be pending')
    .waitFor();

  // A report's name filters by that report (a report_id in the URL).
  await cards
    .filter({ hasText: `Chat #${c3}` })
    .getByRole('link', { name: 'Show chats of sugar_june.pdf' })
    .click();
  await page.waitForURL((u) => u.searchParams.get('report_id') === String(sugar));
  await eventually(
    async () => (await cards.count()) === 1,
    async () => `report filter shows ${await cards.count()} chats`,
  );
  await cards.first().getByText('Is 110 fasting sugar high?').waitFor();
  expect((await page.getByLabel('Report ID').inputValue()) === String(sugar), 'filter field not filled');

  // The report ID filter takes numbers only.
  await page.goto('/user/chats?report_id=abc');
  await seeText(page, 'Report ID must be a number.');
  expect((await cards.count()) === 3, 'a bad report id filtered anything');
  // Search runs over messages and responses.
  await page.getByLabel('Search messages').fill('above the usual');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await page.waitForURL((u) => u.searchParams.get('search') === 'above the usual');
  await page.waitForFunction(() => document.querySelectorAll('.chat-cards > li').length === 1);

  // Grouped by Report.
  await tabs.getByRole('link', { name: 'Grouped by Report' }).click();
  await page.waitForURL((u) => u.searchParams.get('tab') === 'by-report');
  await tabs.locator('[aria-current=page]', { hasText: 'Grouped by Report' }).waitFor();
  expect((await tabs.locator('[aria-current=page]').count()) === 1, 'two tabs are current');
  await axeScan(page, '/user/chats?tab=by-report');
  const group = cards.filter({ hasText: 'thyroid_may.pdf' });
  const groupText = (await group.textContent()) ?? '';
  expect(groupText.includes('Uploaded May 2, 2026') && groupText.includes('2 conversations'), groupText);
  expect(groupText.includes('Last chat May 4, 2026'), `last chat date: ${groupText}`);
  // The grouped view is paged like the lists (a patient with thousands of reports).
  await seeText(page, 'Showing page 1 of 1 (2 total reports with chats)');
  await group.getByRole('link', { name: 'View All 2 Conversations' }).click();
  await page.waitForURL(
    (u) => u.searchParams.get('report_id') === String(thyroid) && !u.searchParams.has('tab'),
  );
  await tabs.locator('[aria-current=page]', { hasText: 'All Chats' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.chat-cards > li').length === 2);

  // Delete one conversation, then Delete All of a report; both confirmations say it cannot be undone.
  page.once('dialog', (d) => {
    expect(d.message().includes('Delete Conversation'), `dialog said ${d.message()}`);
    expect(d.message().includes('This action cannot be undone.'), `dialog said ${d.message()}`);
    void d.accept();
  });
  await page.getByRole('button', { name: `Delete chat #${c2}` }).click();
  await seeText(page, 'Conversation deleted successfully');
  await page.waitForFunction(() => document.querySelectorAll('.chat-cards > li').length === 1);

  await page.goto('/user/chats?tab=by-report');
  page.once('dialog', (d) => {
    expect(
      d.message().includes('Delete All Conversations') && d.message().includes('"sugar_june.pdf"'),
      `dialog said ${d.message()}`,
    );
    void d.accept();
  });
  await page.getByRole('button', { name: 'Delete all conversations of sugar_june.pdf' }).click();
  await seeText(page, 'Conversations deleted successfully');
  await page.waitForFunction(() => document.querySelectorAll('.chat-cards > li').length === 1);
  expect(!(await page.getByText('sugar_june.pdf').isVisible()), 'the report group is still listed');
  // Dismissing a confirmation deletes nothing.
  page.once('dialog', (d) => void d.dismiss());
  await page.getByRole('button', { name: 'Delete all conversations of thyroid_may.pdf' }).click();
  await page.goto('/user/chats');
  expect((await cards.count()) === 1, 'a dismissed confirmation deleted');
});

/** A lab report as text, in the layout the engine reads (glucose and HbA1c with their ranges). */
function labReport(r: { date: string; glucose: string; unit: string; range: string; hba1c: string }): string {
  return [
    '                      CITY DIAGNOSTIC LABORATORY',
    '                 12, MG Road, Pune - 411001   Tel: 020-2612 3456',
    'Patient     : Mr. Sunil Verma',
    'Age         : 52 Yrs        Sex : Male',
    `Coll. Date  : ${r.date} 09:00 AM      Rpt. Date : ${r.date} 04:00 PM`,
    '_'.repeat(84),
    '',
    '                                  BIOCHEMISTRY',
    '',
    'DIABETIC PROFILE',
    'Test Name                         Result       Unit           Reference Range',
    '~'.repeat(84),
    `Glucose - Fasting                 ${r.glucose.padEnd(13)}${r.unit.padEnd(15)}${r.range}`,
    `HbA1c                             ${r.hba1c.padEnd(13)}${'%'.padEnd(15)}4.0 - 5.6`,
    '',
    '                             *** End of Report ***',
    '',
  ].join('\n');
}

test('user panel: My Health Trends charts values from three analysed reports', async ({ base, newPage }) => {
  const page = await newPage();
  const email = await signUp(page, base, 'trends', 'Sunil Verma');
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  // Three reports uploaded and analysed for real; the first prints glucose in mmol/L.
  const labs = [
    {
      at: Date.UTC(2026, 0, 10, 6),
      date: '10/01/2026',
      glucose: '7.0',
      unit: 'mmol/L',
      range: '3.9 - 5.5',
      hba1c: '7.9',
    },
    {
      at: Date.UTC(2026, 3, 10, 6),
      date: '10/04/2026',
      glucose: '110',
      unit: 'mg/dL',
      range: '70 - 100',
      hba1c: '7.2',
    },
    {
      at: Date.UTC(2026, 6, 10, 6),
      date: '10/07/2026',
      glucose: '92',
      unit: 'mg/dL',
      range: '70 - 100',
      hba1c: '6.8',
    },
  ];
  const ids: number[] = [];
  for (const [i, lab] of labs.entries()) {
    const form = new FormData();
    form.append('file', new Blob([labReport(lab)], { type: 'text/plain' }), `sugar_${i + 1}.txt`);
    const res = await fetch(`${base}/api/v1/reports/upload`, { method: 'POST', headers: auth, body: form });
    expect(res.status === 201, `upload answered ${res.status}: ${await res.clone().text()}`);
    ids.push(((await res.json()) as { id: number }).id);
  }
  for (const id of ids) await waitForAnalysis(base, id, token);
  // A trend is dated by upload; the three uploads are moved to January, April and July.
  for (const [i, id] of ids.entries()) await backdateReport(id, new Date(labs[i].at));

  // From a value row of the latest report to its trend.
  await page.goto(`/analysis/${ids[2]}`);
  await page.getByRole('link', { name: 'See trend: HbA1c' }).click();
  await page.waitForURL((u) => u.pathname === '/user/trends' && u.searchParams.get('analyte') === 'hba1c');
  await page.getByRole('heading', { level: 1, name: 'My Health Trends' }).waitFor();
  await axeScan(page, '/user/trends');
  const cards = page.locator('section.trend-card');
  expect((await cards.first().getAttribute('id')) === 'trend-hba1c', 'the asked-for trend is not first');
  expect((await cards.count()) === 2, `${await cards.count()} trends`);

  const hba1c = page.locator('#trend-hba1c');
  const sentence = (await hba1c.locator('.trend-sentence').textContent()) ?? '';
  expect(/fell from 7\.9 % to 6\.8 % over 6 months/.test(sentence), `sentence: ${sentence}`);
  expect((await hba1c.locator('svg .trend-point').count()) === 3, 'HbA1c is not drawn with three points');
  expect((await hba1c.locator('svg [data-out-of-range]').count()) === 3, 'HbA1c high points not marked');
  const band = hba1c.locator('svg rect.trend-band');
  expect((await band.count()) === 1 && Number(await band.getAttribute('height')) > 0, 'no reference band');
  const desc = (await hba1c.locator('svg desc').textContent()) ?? '';
  expect(desc.includes('Reference range 4 to 5.6 %'), `chart description: ${desc}`);

  // Glucose: one unit for all three (7.0 mmol/L drawn as 126 mg/dL), only the 92 in range.
  const glucose = page.locator('#trend-glucose_fasting');
  const title = (await glucose.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(title.includes('(mg/dL)'), `glucose heading: ${title}`);
  expect((await glucose.locator('svg .trend-point').count()) === 3, 'glucose points');
  expect((await glucose.locator('svg [data-out-of-range]').count()) === 2, 'glucose out-of-range marks');
  await glucose.getByText('Values').click();
  await glucose.getByText(/126(\.\d+)? mg\/dL \(reported as 7 mmol\/L\)/).waitFor();
  const gs = (await glucose.locator('.trend-sentence').textContent()) ?? '';
  expect(gs.includes('now within the normal range'), `glucose sentence: ${gs}`);

  // Hindi from the Preferences page: the sentence and the heading switch.
  await page.goto('/user/preferences');
  await page.getByLabel('Language').selectOption('hi');
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  // The toast speaks the language just chosen (decision 242).
  await seeText(page, 'प्राथमिकताएँ अपडेट हो गईं');
  await page.goto('/user/trends');
  await page.getByRole('heading', { level: 1, name: 'मेरे स्वास्थ्य रुझान' }).waitFor();
  const hi = (await page.locator('#trend-hba1c .trend-sentence').textContent()) ?? '';
  expect(hi.includes('7.9 % से घटकर 6.8 % हो गया'), `Hindi sentence: ${hi}`);

  // On a 390 px phone the marker of each value is on screen, without scrolling sideways.
  const phone = await newPage({ viewport: { width: 390, height: 800 } });
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`/analysis/${ids[0]}`);
  const marks = phone.locator('.results-view .verdict');
  await marks.first().waitFor();
  for (let i = 0; i < (await marks.count()); i++) {
    const box = await marks.nth(i).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `marker ${i} off screen: ${JSON.stringify(box)}`);
  }
});

test('user panel: permanent delete (server checks without JavaScript; export first)', async ({
  base,
  newPage,
}) => {
  // Without JavaScript the button is not disabled: the server asks for both, with the validation messages.
  const js = await newPage();
  const plainEmail = await signUp(js, base, 'delete-plain', 'Lata Joshi');
  const plainId = (await userIdOf(plainEmail))!;
  await seedReports(plainId, [{ filename: 'plain_report.pdf' }]);
  const nojs = await newPage({ javaScriptEnabled: false });
  await nojs.context().addCookies(await js.context().cookies());
  await nojs.goto('/user/profile');
  await nojs.locator('summary', { hasText: 'Permanently Delete Account' }).click();
  const plainDialog = nojs.getByRole('form', { name: 'Permanently delete account' });
  await plainDialog.getByLabel('Export my data before deletion (recommended)').uncheck();
  await plainDialog.getByRole('button', { name: 'Permanently Delete Account' }).click();
  await seeText(nojs, 'Password is required to delete your account');
  await plainDialog.getByLabel('Your password').fill(PASSWORD);
  // The same message is on the page already: wait for the answer's page before reading it.
  await Promise.all([
    nojs.waitForEvent('load'),
    plainDialog.getByRole('button', { name: 'Permanently Delete Account' }).click(),
  ]);
  await seeText(nojs, 'You must confirm that you understand this action is permanent');
  expect(
    !(await nojs.getByText('Password is required to delete your account').isVisible()),
    'the password message stayed although a password was given',
  );
  expect((await leftoversOf(plainId)).reports === 1, 'a refused deletion removed something');
  await plainDialog.getByLabel('Your password').fill(PASSWORD);
  await plainDialog.getByLabel('I understand this action is permanent and cannot be undone').check();
  await plainDialog.getByLabel('Export my data before deletion (recommended)').uncheck();
  await plainDialog.getByRole('button', { name: 'Permanently Delete Account' }).click();
  await nojs.waitForURL((u) => u.pathname === '/');
  await seeText(nojs, 'Your account has been permanently deleted. You will be redirected to the home page.');
  const plainLeft = await leftoversOf(plainId);
  expect(
    Object.values(plainLeft).every((n) => n === 0),
    `left behind: ${JSON.stringify(plainLeft)}`,
  );

  // With JavaScript: disabled until both are given, a wrong password refused, the export offered once.
  const page = await newPage();
  const email = await signUp(page, base, 'delete', 'Rohit Jain');
  const userId = (await userIdOf(email))!;
  const [rid] = await seedReports(userId, [{ filename: 'goodbye_report.pdf' }]);
  await seedChats(userId, [{ report_id: rid, message: 'Will this be deleted?', response: 'Yes.' }]);
  await seedFeedback(userId, rid, 'helpful', 'useful');
  await page.goto('/user/profile');
  // With JavaScript the form is in a modal dialog: labelled, Escape and Cancel close it and give
  // the focus back to the button, and Tab stays inside it.
  const opener = page.getByRole('button', { name: 'Permanently Delete Account' });
  const modal = page.getByRole('dialog', { name: 'Permanently Delete Account' });
  await opener.click();
  await modal.waitFor();
  expect(
    (await page.locator('summary', { hasText: 'Permanently Delete Account' }).count()) === 0,
    'inline form with JS',
  );
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
  expect(
    await opener.evaluate((el) => el === document.activeElement),
    'focus not back on the button after Escape',
  );
  await opener.click();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await modal.waitFor({ state: 'hidden' });
  await opener.click();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await modal.evaluate((d) => d.contains(document.activeElement)), `Tab ${i + 1} left the dialog`);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await modal.evaluate((d) => d.contains(document.activeElement)), 'Shift+Tab left the dialog');
  await page.screenshot({ path: 'test-results/delete-dialog.png' });
  const dialog = page.getByRole('form', { name: 'Permanently delete account' });
  const submit = dialog.getByRole('button', { name: 'Permanently Delete Account' });
  const confirm = dialog.getByLabel('I understand this action is permanent and cannot be undone');
  expect(await submit.isDisabled(), 'enabled with nothing given');
  await dialog.getByLabel('Your password').fill('not-the-password');
  expect(await submit.isDisabled(), 'enabled without the confirmation');
  await confirm.check();
  await dialog.getByLabel('Your password').fill('');
  expect(await submit.isDisabled(), 'enabled without the password');
  await dialog.getByLabel('Your password').fill('not-the-password');
  expect(await submit.isEnabled(), 'disabled with both given');
  expect(
    await dialog.getByLabel('Export my data before deletion (recommended)').isChecked(),
    'export first is not the default',
  );
  // The refusal is a new page. What is typed and ticked on it before its JavaScript arrives (a
  // slow phone) counts once it hydrates: the button is not left disabled beside a filled form.
  await beforeHydration(
    page,
    () => submit.click(),
    async () => {
      await dialog.getByText('Password is incorrect').first().waitFor();
      expect((await leftoversOf(userId)).users === 1, 'a wrong password deleted the account');
      await dialog.getByLabel('Your password').fill(PASSWORD);
      await confirm.check();
    },
  );
  expect(await submit.isEnabled(), 'the button stayed disabled beside a form filled before hydration');

  // The answer is the export itself, streamed as a download; the account is deleted once it has
  // been written, and the page goes home with the deletion message (decision 068).
  const saved = await download(page, () => submit.click());
  expect(saved.name === `my_account_data_${indiaDate()}.json`, `file name ${saved.name}`);
  const exported = JSON.parse(saved.bytes.toString('utf8')) as {
    profile: { email: string };
    reports: Array<{ filename: string }>;
    chats: Array<{ message: string }>;
    account_deleted_at?: string;
  };
  expect(exported.profile.email === email, 'the export is not of this account');
  expect(exported.reports[0]?.filename === 'goodbye_report.pdf', 'the export lacks the report');
  expect(exported.chats[0]?.message === 'Will this be deleted?', 'the export lacks the chat');
  expect(Boolean(exported.account_deleted_at), 'the export does not say the account was deleted');
  await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
  await seeText(page, 'Your account has been permanently deleted. You will be redirected to the home page.');

  const left = await leftoversOf(userId);
  expect(
    Object.values(left).every((n) => n === 0),
    `left behind: ${JSON.stringify(left)}`,
  );
  await page.goto('/user/dashboard');
  await page.waitForURL(/\/login\?redirectTo=%2Fuser%2Fdashboard$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await seeText(page, 'Incorrect email or password');
});
