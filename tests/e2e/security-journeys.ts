import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { adminSignIn } from './admin-journeys';
import { seedAdmin } from './admin-fixtures';
import { animationsDone, axeScan, expect, seeText, test } from './harness';
import { PASSWORD, signIn, signUp } from './user-journeys';

/**
 * Account security in the browser: a patient turns on two-factor sign-in from the
 * Security page (the code computed here from the secret the page shows, as an authenticator app
 * would), signs in with a code and with a recovery code, and revokes another device; signs out
 * two other browsers at once with 'Sign out all other sessions'; a super
 * admin adds an IP rule and sees it keep an address out of the portal, is refused a rule that
 * would lock themself out (adding or editing), edits the rule (note, expiry, off and on again),
 * reads the security events, turns on their own 2FA and signs in with it,
 * and 'require 2FA for all admins' sends an admin without it to the setup.
 */
const STAFF_PASSWORD = 'e2e-staff-password-1';

/** A code for `secret` `steps` 30-second steps from now (codes are accepted one step either side). */
function code(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

async function secretShown(page: Page): Promise<string> {
  const secret = (await page.getByTestId('totp-secret').first().textContent())?.trim() ?? '';
  expect(/^[A-Z2-7]{16,}$/.test(secret), `the secret shown: "${secret}"`);
  return secret;
}

/** Waits until no antd spinner is spinning (a loading table is dimmed, which axe would flag). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.ant-spin-spinning').length === 0);
}

/** Password step, then the code step of /login. */
async function patientSignIn(page: Page, email: string, secondFactor: string): Promise<void> {
  await page.goto('/login?redirectTo=%2Fuser%2Fdashboard');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
  await page.getByLabel('Authentication code or recovery code').fill(secondFactor);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/user/dashboard');
}

async function patientSignOut(page: Page): Promise<void> {
  // The panel's own Logout goes to /login (the site header's goes home).
  await page.locator('.panel-user').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
}

test('security: patient turns on 2FA, signs in with a code and a recovery code, revokes another session', async ({
  base,
  newPage,
}) => {
  const page = await newPage();
  const email = await signUp(page, base, 'twofa', 'Kavya Rao');
  // The profile's Password section points to the Security page too.
  await page.goto('/user/profile');
  await page
    .locator('section[aria-labelledby="s-password"]')
    .getByRole('link', { name: 'Security', exact: true })
    .click();
  await page.waitForURL((u) => u.pathname === '/user/security');
  await page.goto('/user/dashboard');
  await page.locator('.panel-side').getByRole('link', { name: 'Security', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/user/security');
  await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = await secretShown(page);
  await axeScan(page, '/user/security (setup)');

  // A wrong code is refused and the setup stays on screen.
  const right = await code(secret);
  // Turning it on asks for the current password too (a stolen session alone cannot do it).
  await page.getByLabel('6-digit code').fill(await code(secret));
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await seeText(page, 'Incorrect password');
  await page.getByLabel('6-digit code').fill(right === '000000' ? '111111' : '000000');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await seeText(page, 'Invalid two-factor code');
  expect((await secretShown(page)) === secret, 'the same secret is still shown after a wrong code');
  await page.getByLabel('6-digit code').fill(await code(secret));
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await seeText(page, 'they are shown only once');
  const recovery = (
    await page.getByRole('list', { name: 'Recovery codes' }).locator('li').allTextContents()
  ).map((c) => c.trim());
  expect(recovery.length === 10, `recovery codes shown: ${recovery.length}`);
  await page.getByRole('link', { name: 'I have saved them' }).click();
  await seeText(page, 'Recovery codes left');
  await patientSignOut(page);

  // The password alone no longer signs in: a wrong code, then the next code.
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code or recovery code').fill('12345x');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await seeText(page, 'Invalid two-factor code');
  await page.getByLabel('Authentication code or recovery code').fill(await code(secret, 1));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard' || u.pathname === '/user/dashboard');
  await patientSignOutAnywhere(page);

  // A recovery code signs in once.
  await patientSignIn(page, email, recovery[0]);

  // Another device signs in with another recovery code; this one revokes it.
  // That device runs no JavaScript: both sign-in steps are plain form posts.
  const other = await newPage({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
    javaScriptEnabled: false,
  });
  await patientSignIn(other, email, recovery[1]);
  await page.goto('/user/security');
  await seeText(page, 'This device');
  await seeText(page, 'iOS');
  await seeText(page, 'Recovery codes left: 8');
  await axeScan(page, '/user/security (sessions)');
  await page.getByRole('button', { name: /^Revoke .*iOS/ }).click();
  await seeText(page, 'Session revoked');
  await other.goto('/user/dashboard');
  await other.waitForURL((u) => u.pathname === '/login');

  // A used recovery code is refused.
  await other.getByLabel('Email address').fill(email);
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await other.getByLabel('Authentication code or recovery code').fill(recovery[0]);
  await other.getByRole('button', { name: 'Verify and sign in' }).click();
  await seeText(other, 'Invalid two-factor code');

  // Turning it off needs the password.
  await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Turn off' }).click();
  await seeText(page, 'Incorrect password');
  await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Turn off' }).click();
  await seeText(page, 'Two-factor authentication is off');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
});

test('security: patient signs out all other sessions from two other browsers', async ({ base, newPage }) => {
  const page = await newPage();
  const email = await signUp(page, base, 'others', 'Ravi Menon');
  // Two other browsers (own cookies each), one of them a phone.
  const laptop = await newPage({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  });
  const phone = await newPage({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
  });
  await signIn(laptop, email);
  await signIn(phone, email);

  await page.goto('/user/security');
  await seeText(page, 'This device');
  await seeText(page, 'Windows');
  await seeText(page, 'Android');
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await seeText(page, 'Signed out of 2 other sessions');
  // Only this device is left in the list, and it is still signed in.
  await page
    .getByRole('button', { name: /^Revoke / })
    .first()
    .waitFor({ state: 'detached' });
  expect(
    (await page.getByRole('button', { name: 'Sign out all other sessions' }).count()) === 0,
    'no other session is left to sign out',
  );
  await page.goto('/user/dashboard');
  expect(new URL(page.url()).pathname === '/user/dashboard', `this device is still signed in: ${page.url()}`);

  // The other browsers (signed in a moment ago) are signed out: the panel sends them to sign in.
  for (const other of [laptop, phone]) {
    await other.goto('/user/dashboard');
    await other.waitForURL((u) => u.pathname === '/login');
  }
});

/** The 2FA login lands on the redirect target; the Logout lives in the header or the panel. */
async function patientSignOutAnywhere(page: Page): Promise<void> {
  await page.goto('/user/dashboard');
  await patientSignOut(page);
}

test('security: admin IP rule enforced, self-lockout refused, events listed, own 2FA, required 2FA', async ({
  newPage,
}) => {
  const admin = await seedAdmin('super_admin', STAFF_PASSWORD);
  const page = await newPage();
  await adminSignIn(page, admin.username, STAFF_PASSWORD);
  await page.getByRole('link', { name: 'Account security' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/security');
  await page.getByRole('heading', { name: 'Security', level: 2 }).waitFor();

  await page.getByRole('tab', { name: 'IP rules' }).click();
  const ipText = (await page.getByText('You are signed in from').textContent()) ?? '';
  const myIp = ipText.match(/signed in from (\S+?):/)?.[1];
  expect(myIp, `own address shown: "${ipText}"`);
  await settled(page);
  await axeScan(page, '/admin/security (IP rules)');

  const blocked = '203.0.113.77';
  const form = page.getByRole('form', { name: 'Add IP rule' });
  await form.getByLabel('Address or range').fill(blocked);
  await form.getByRole('button', { name: 'Add rule' }).click();
  // Stored as a range: a single address is a /32.
  await page.getByRole('cell', { name: `${blocked}/32`, exact: true }).waitFor();

  // A browser at that address (as a trusted proxy would say) is kept out of the portal and its API.
  const outsider = await newPage({ extraHTTPHeaders: { 'X-Forwarded-For': blocked } });
  const res = await outsider.goto('/admin/login');
  expect(res?.status() === 403, `blocked address got ${res?.status()} for /admin/login`);
  await seeText(outsider, 'Access from your IP address is not allowed');
  const apiRes = await outsider.request.post('/api/v1/admin/login', {
    data: { username: admin.username, password: STAFF_PASSWORD },
  });
  expect(apiRes.status() === 403, `blocked address got ${apiRes.status()} from the admin login API`);

  // The safeguard: blocking one's own address is refused with the reason.
  await form.getByLabel('Address or range').fill(myIp!);
  await form.getByRole('button', { name: 'Add rule' }).click();
  await seeText(page, 'This change would block your own IP address');

  // Editing the rule onto my own address is refused the same way, inside the edit dialog.
  await page.getByRole('button', { name: `Edit rule ${blocked}/32` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit IP rule ${blocked}/32` });
  await dialog.getByLabel('Address or range').waitFor();
  await animationsDone(page);
  await dialog.getByLabel('Address or range').fill(myIp!);
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await dialog.getByRole('alert').getByText('This change would block your own IP address').waitFor();
  await settled(page);
  await axeScan(page, '/admin/security (edit IP rule)');
  // Then a real edit: a note, an expiry next year, and the rule switched off.
  const expiry = `${new Date().getFullYear() + 1}-06-30T12:00`;
  await dialog.getByLabel('Address or range').fill(blocked);
  await dialog.getByLabel('Description').fill('scanner seen in the logs');
  await dialog.getByLabel('Expires').fill(expiry);
  await dialog.getByLabel('Active (applies to sign-ins and requests)').uncheck();
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await seeText(page, `Rule updated: block ${blocked}`);
  const row = page.getByRole('row', { name: new RegExp(`${blocked.replace(/\./g, '\\.')}/32`) });
  await row.getByText('scanner seen in the logs').waitFor();
  await row.getByText('Off', { exact: true }).waitFor();
  const rowText = (await row.textContent()) ?? '';
  expect(
    rowText.includes(`30 Jun ${new Date().getFullYear() + 1}`),
    `the expiry is shown in the rule's row: "${rowText}"`,
  );
  // Switched off, the rule no longer keeps the outsider out.
  expect(
    (await outsider.goto('/admin/login'))?.status() === 200,
    'the outsider is let in after the rule was switched off',
  );
  // On again: out again.
  await page.getByRole('button', { name: `Edit rule ${blocked}/32` }).click();
  // The form fills in the stored rule after the dialog opens; a tick before that is undone by it.
  await dialog.locator('input[value="scanner seen in the logs"]').waitFor();
  await settled(page);
  await dialog.getByLabel('Active (applies to sign-ins and requests)').check();
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await row.getByText('Active', { exact: true }).waitFor();
  expect(
    (await outsider.goto('/admin/login'))?.status() === 403,
    'the outsider is kept out once the rule is on again',
  );

  // Remove the rule again; the outsider gets in.
  await page.getByRole('button', { name: `Delete rule ${blocked}/32` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await seeText(page, 'IP rule deleted');
  expect(
    (await outsider.goto('/admin/login'))?.status() === 200,
    'the outsider is let in after the rule went',
  );

  // The record shows what just happened.
  await page.getByRole('tab', { name: 'Security events' }).click();
  await page.getByRole('cell', { name: 'ip blocked' }).first().waitFor();
  await page.getByRole('cell', { name: 'ip rule refused' }).first().waitFor();
  await page.getByRole('cell', { name: 'ip rule created' }).first().waitFor();
  await page.getByRole('cell', { name: 'ip rule updated' }).first().waitFor();
  await settled(page);
  await axeScan(page, '/admin/security (events)');
  // A failed sign-in shows among the attempts, with an Unlock that clears the account's failures.
  const failedLogin = await page.request.post('/api/v1/admin/login', {
    data: { username: admin.username, password: 'not-the-password' },
  });
  expect(failedLogin.status() === 401, `a wrong password answered ${failedLogin.status()}`);
  await page.getByRole('tab', { name: 'Login attempts' }).click();
  await page.getByRole('cell', { name: admin.username }).first().waitFor();
  await page
    .getByRole('button', { name: `Unlock ${admin.username}` })
    .first()
    .click();
  await seeText(page, 'Account unlocked');
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await page.getByRole('img', { name: 'Successful and failed sign-ins per day' }).waitFor();
  await settled(page);
  await axeScan(page, '/admin/security (statistics)');

  // Own 2FA, then a sign-in that asks for the code.
  await page.getByRole('tab', { name: 'My account' }).click();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = await secretShown(page);
  await page.getByLabel('6-digit code').fill(await code(secret));
  await page
    .getByRole('form', { name: 'Enable two-factor authentication' })
    .getByLabel('Current password')
    .fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await seeText(page, 'they are shown only once');
  await settled(page);
  await axeScan(page, '/admin/security (recovery codes)');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/login');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
  await page.getByLabel('Authentication code or recovery code').fill(await code(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/dashboard');

  // Require 2FA for all admins: an admin without it lands on the setup, then it is turned off again.
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  const setRequired = (value: boolean) =>
    page.request.put('/api/v1/admin/settings/require_2fa_for_admins', {
      data: { value },
      headers: { 'x-csrf-token': csrf },
    });
  const on = await setRequired(true);
  expect(on.ok(), `turning the requirement on answered ${on.status()} ${await on.text()}`);
  let failure: unknown = null;
  try {
    const viewer = await seedAdmin('viewer', STAFF_PASSWORD);
    const vp = await newPage();
    await vp.goto('/admin/login');
    await vp.getByLabel('Username').fill(viewer.username);
    await vp.getByLabel('Password').fill(STAFF_PASSWORD);
    await vp.getByRole('button', { name: 'Sign In' }).click();
    await vp.waitForURL((u) => u.pathname === '/admin/security', { timeout: 20_000 });
    await seeText(vp, 'Two-factor authentication is required');
    await vp.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
  } catch (err) {
    failure = err;
  }
  // Off again whatever happened: the other journeys' admins have no second factor.
  const off = await setRequired(false);
  if (failure) throw failure;
  expect(off.ok(), `turning the requirement off answered ${off.status()}`);
});
