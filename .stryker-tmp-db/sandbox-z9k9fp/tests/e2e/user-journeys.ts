// @ts-nocheck
import type { Page } from 'playwright-core';
import { axeScan, expect, seeText, test, uniqueEmail } from './harness';

/** The user panel journeys of issue 13 (/user/*), against the real server and database. */
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
