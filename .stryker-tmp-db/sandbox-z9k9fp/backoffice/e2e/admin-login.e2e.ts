/**
 * The admin login journey through the real back office, for the e2e runner (tests/e2e).
 * Self-contained: only playwright-core's Page, no test framework; it throws on the first failure.
 *
 *   import { runAdminLoginJourney } from '../../backoffice/e2e/admin-login.e2e';
 *   await runAdminLoginJourney('http://localhost:3900', 'admin', 'adminpass123', page);
 *
 * It checks: the empty-field message, sign-in landing on /admin/dashboard with its heading, the
 * welcome line and role badge, the sidebar items the caller expects for the signed-in role,
 * Access Denied (for the routes the caller expects refused) or the placeholder on the four
 * named-permission routes,
 * the placeholder on an unbuilt route, that Logout ends the session, and that signing in again in
 * the same tab holds.
 */
// @ts-nocheck

import type { Page } from 'playwright-core';

const TIMEOUT = 15_000;
const PLACEHOLDER = 'This feature will be implemented in future sessions.';
const NAMED_PERMISSION_ROUTES = ['audit', 'export', 'moderation', 'settings'] as const;

/** What the signed-in role should see, written out by the caller (not read from the product). */
export interface AdminLoginExpectations {
  /** Sidebar labels, in order. */
  sidebar: readonly string[];
  /** Which of audit, export, moderation, settings answer Access Denied. */
  denied: readonly string[];
}

export interface AdminLoginJourneyResult {
  role: string;
  fullName: string | null;
  sidebar: string[];
  denied: string[];
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`admin login journey: ${message}`);
}

function formatRole(role: string): string {
  return role.replace(/_/g, ' ').toUpperCase();
}

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: TIMEOUT });
}

/**
 * `scan`, when given, is called on each distinct screen (login, login error, dashboard, Access
 * Denied, placeholder) — e.g. `(label) => axeScan(page, label)` from tests/e2e/harness.ts.
 */
export async function runAdminLoginJourney(
  baseUrl: string,
  username: string,
  password: string,
  page: import('playwright-core').Page,
  expected: AdminLoginExpectations,
  scan: (label: string) => Promise<void> = async () => undefined,
): Promise<AdminLoginJourneyResult> {
  const base = baseUrl.replace(/\/+$/, '');

  // A guarded page sends an unauthenticated visitor to the admin login.
  await page.goto(`${base}/admin/dashboard`);
  await waitForPath(page, '/admin/login');
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: TIMEOUT });
  await scan('/admin/login');

  // Empty fields: the spec's message, no call made.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Please enter both username and password').waitFor({ timeout: TIMEOUT });
  await scan('/admin/login (empty fields)');
  const userLink = page.getByRole('link', { name: /user login/i });
  check((await userLink.getAttribute('href')) === '/login', 'the login page links to /login');

  // Sign in.
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await waitForPath(page, '/admin/dashboard');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: TIMEOUT });

  // Who the server says we are (cookie-authenticated, as the app itself asks).
  const me = await page.evaluate(async () => {
    const response = await fetch('/api/v1/admin/me', { credentials: 'same-origin' });
    return {
      status: response.status,
      body: (await response.json()) as { role: string; full_name: string | null },
    };
  });
  check(me.status === 200, `GET /api/v1/admin/me answered ${me.status} after login`);
  const { role, full_name: fullName } = me.body;

  const badge = (await page.getByTestId('admin-role-badge').textContent())?.trim();
  check(badge === formatRole(role), `role badge is "${badge}", expected "${formatRole(role)}"`);
  if (fullName) await page.getByText(`Welcome, ${fullName}`).waitFor({ timeout: TIMEOUT });

  // The sidebar: each item only with its permission, in the spec's order.
  await page.getByText('Admin Portal').first().waitFor({ timeout: TIMEOUT });
  await page.locator('aside').getByRole('menuitem').first().waitFor({ timeout: TIMEOUT });
  const sidebar = (await page.locator('aside').getByRole('menuitem').allTextContents()).map((t) => t.trim());
  check(
    JSON.stringify(sidebar) === JSON.stringify(expected.sidebar),
    `sidebar for ${role} is ${JSON.stringify(sidebar)}, expected ${JSON.stringify(expected.sidebar)}`,
  );

  // The System Status rows are fixed.
  for (const row of ['Database Connection', 'API Services', 'Background Jobs']) {
    await page.getByText(row, { exact: true }).waitFor({ timeout: TIMEOUT });
  }
  await page.waitForLoadState('networkidle');
  await scan('/admin/dashboard');

  // Named-permission routes: Access Denied without the permission, the placeholder with it.
  const denied: string[] = [];
  for (const name of NAMED_PERMISSION_ROUTES) {
    await page.goto(`${base}/admin/${name}`);
    if (!expected.denied.includes(name)) {
      await page.getByText(PLACEHOLDER).waitFor({ timeout: TIMEOUT });
    } else {
      await page.getByText('Access Denied').waitFor({ timeout: TIMEOUT });
      await page.getByText("You don't have permission to access this area.").waitFor({ timeout: TIMEOUT });
      const shownRole = (await page.getByTestId('access-denied-role').textContent())?.trim();
      check(shownRole === formatRole(role), `Access Denied shows role "${shownRole}"`);
      await page.getByRole('button', { name: 'Go Back' }).waitFor({ timeout: TIMEOUT });
      if (denied.length === 0) await scan(`/admin/${name} (Access Denied)`);
      denied.push(name);
    }
  }

  // Any other /admin/* route: the placeholder, inside the layout.
  await page.goto(`${base}/admin/not-built-yet`);
  await page.getByText(PLACEHOLDER).waitFor({ timeout: TIMEOUT });
  await scan('/admin/not-built-yet (placeholder)');

  // Logout ends the session: back to the login page, and guarded pages send us there again.
  await page.getByRole('button', { name: 'Logout' }).click();
  await waitForPath(page, '/admin/login');
  await page.goto(`${base}/admin/dashboard`);
  await waitForPath(page, '/admin/login');
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: TIMEOUT });

  // Signing in again in the same tab must hold: nothing from the old session may sign it out.
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await waitForPath(page, '/admin/dashboard');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: TIMEOUT });
  await page.waitForTimeout(1500);
  check(new URL(page.url()).pathname === '/admin/dashboard', 'a second sign-in in the same tab did not hold');
  await page.getByRole('button', { name: 'Logout' }).click();
  await waitForPath(page, '/admin/login');

  return { role, fullName, sidebar, denied };
}
