import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_MESSAGES } from '@reportsaathi/contracts';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';
import { axeScan, expect, seeText, test, uniqueEmail } from './harness';
import { linkPath, mailTo } from './mail';
import { PASSWORD, signIn } from './user-journeys';

/**
 * The account by mail (decisions 230–232), with the mail read from the real SMTP server the run
 * starts: forgot password, confirmation at registration, consent as ticked, a guest's analyses kept.
 */

test('account: forgot password → mail at the SMTP server → link → new password → sign in', async ({
  base,
  newPage,
}) => {
  const page = await newPage();
  const email = uniqueEmail('forgot');
  const reg = await page.request.post(`${base}/api/v1/auth/register`, {
    data: { email, password: PASSWORD, full_name: 'Farah Khan' },
  });
  expect(reg.ok(), `register answered ${reg.status()}`);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
  await axeScan(page, '/forgot-password');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await seeText(page, ACCOUNT_MESSAGES.resetRequested);

  const mail = await mailTo(email, /new ReportSaathi password/);
  expect(mail.html.includes('<a href='), 'the mail has no HTML part with a link');
  const link = linkPath(mail, '/reset-password');
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
  await page.getByLabel('New password (at least 8 characters)').fill('fresh-password-9');
  await page.getByLabel('Confirm new password').fill('fresh-password-9');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.waitForURL(/\/login$/);
  await seeText(page, ACCOUNT_MESSAGES.resetDone);
  await signIn(page, email, 'fresh-password-9');

  // The link worked once.
  const again = await newPage();
  await again.goto(link);
  await again.getByLabel('New password (at least 8 characters)').fill('second-try-pass');
  await again.getByLabel('Confirm new password').fill('second-try-pass');
  await again.getByRole('button', { name: 'Save new password' }).click();
  await seeText(again, ACCOUNT_MESSAGES.linkInvalid);
});

test('account: register (Hindi, one consent ticked) → confirmation mail → confirmed', async ({ newPage }) => {
  const page = await newPage();
  const email = uniqueEmail('confirm');
  await page.goto('/register');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  const training = page.getByLabel('Allow data for AI training (anonymized)');
  const analytics = page.getByLabel('Share usage analytics');
  expect(!(await training.isChecked()) && !(await analytics.isChecked()), 'a consent starts ticked');
  await seeText(page, 'never what your reports say');
  await axeScan(page, '/register');
  await page.getByLabel('Full name').fill('Sunita Devi');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('Language for e-mails and explanations').selectOption('hi');
  await analytics.check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/login$/);
  await signIn(page, email);
  // The banner speaks the language chosen on the form.
  await seeText(page, 'कृपया अपना ई-मेल पता पक्का करें');

  const mail = await mailTo(email, /पक्का करें/);
  expect(mail.text.includes('नमस्ते Sunita Devi'), 'the confirmation mail is not in Hindi');
  await page.goto(linkPath(mail, '/confirm-email'));
  // The account speaks Hindi now: so does the confirmation page (issue 33).
  await page.getByRole('heading', { level: 1, name: 'ईमेल पक्का हो गया' }).waitFor();
  await page.goto('/user/dashboard');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(!(await page.getByText('कृपया अपना ई-मेल पता पक्का करें').isVisible()), 'the banner stayed');

  // The consents are as ticked on the form: analytics on, training off (the panel is in Hindi).
  await page.goto('/user/preferences');
  const form = page.getByRole('form', { name: 'प्राथमिकताएँ' });
  expect(await form.getByLabel('उपयोग के आँकड़े साझा करें').isChecked(), 'analytics not on');
  expect(
    !(await form.getByLabel('AI प्रशिक्षण के लिए डेटा की अनुमति दें (पहचान हटाकर)').isChecked()),
    'training on',
  );
});

test('account: a guest’s analyses are kept after registering', async ({ newPage }) => {
  // A guest address of its own: the free allowance counts per address, and the other journeys'
  // guests come from this machine too (the product trusts a loopback proxy's X-Forwarded-For).
  const page = await newPage({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.21' } });
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-file-')), 'guest-sugar.txt');
  writeFileSync(file, sampleText('sugar'));
  await page.goto('/analyze');
  await seeText(page, /Analyses left today: \d/);
  await page.setInputFiles('input[type=file]', file);
  await page.getByRole('button', { name: 'Upload & Analyze Free' }).click();
  await page.getByRole('heading', { name: 'Analysis Results' }).waitFor({ timeout: 90_000 });

  const email = uniqueEmail('guestkeeps');
  await page.goto('/register');
  await seeText(
    page,
    'The reports you analysed as a guest in this browser will be kept in your new account.',
  );
  await page.getByLabel('Full name').fill('Guest Now Member');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/login$/);
  await signIn(page, email, PASSWORD, '/user/reports');
  await seeText(page, 'guest-sugar.txt');
});
