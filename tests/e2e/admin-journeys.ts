import type { Page } from 'playwright-core';
import { runAdminLoginJourney } from '../../backoffice/e2e/admin-login.e2e';
import { seedAdmin } from './admin-fixtures';
import { AssertionError, axeScan, expect, seeText, test } from './harness';

const ADMIN_PASSWORD = 'e2e-staff-password-1';
const DENIED = "You don't have permission to access this area.";
const PLACEHOLDER = 'This feature will be implemented in future sessions.';

/**
 * What each admin role sees, written out here from the product spec (the sidebar items with their
 * permissions, and the role → permission table), never read from the product's own tables: if the
 * product drifts from the spec, these journeys fail.
 *
 * Sidebar permissions: Dashboard (none), User Management (view_users), Reports (view_reports),
 * Chat History (view_chats), Admin Management (view_admins), Audit Logs (view_audit_logs),
 * Bulk Export (export_data), Content Moderation (moderate_content), Settings (view_system_settings).
 */
const ROLE_EXPECTATIONS = {
  // viewer: view_users, view_reports, view_chats, view_feedback, view_audit_logs.
  viewer: {
    sidebar: ['Dashboard', 'User Management', 'Reports', 'Chat History', 'Audit Logs'],
    denied: ['admins', 'export', 'moderation', 'settings'],
  },
  // moderator: the viewer's views without audit logs, plus editing, suspending and moderation.
  moderator: {
    sidebar: ['Dashboard', 'User Management', 'Reports', 'Chat History', 'Content Moderation'],
    denied: ['admins', 'audit', 'export', 'settings'],
  },
  // admin: everything but the admin accounts (view_admins is super admin only).
  admin: {
    sidebar: [
      'Dashboard',
      'User Management',
      'Reports',
      'Chat History',
      'Audit Logs',
      'Bulk Export',
      'Content Moderation',
      'Settings',
    ],
    denied: ['admins'],
  },
  super_admin: {
    sidebar: [
      'Dashboard',
      'User Management',
      'Reports',
      'Chat History',
      'Admin Management',
      'Audit Logs',
      'Bulk Export',
      'Content Moderation',
      'Settings',
    ],
    denied: [] as string[],
  },
} as const;

const GUARDED_ROUTES = ['admins', 'audit', 'export', 'moderation', 'settings'] as const;

function roleLabel(role: string): string {
  return role.replace(/_/g, ' ').toUpperCase();
}

export async function adminSignIn(page: Page, username: string, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/dashboard');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

async function sidebarItems(page: Page): Promise<string[]> {
  const items = page.locator('aside').getByRole('menuitem');
  await items.first().waitFor();
  return (await items.allTextContents()).map((text) => text.trim());
}

/** The bootstrap super admin signs in, sees the role-gated layout, signs out. */
test('admin login, role-gated layout and logout (with an axe scan of each screen)', async ({
  base,
  newPage,
}) => {
  const page = await newPage();
  await runAdminLoginJourney(
    base,
    'admin',
    process.env.ADMIN_PASSWORD ?? 'e2e-admin-password',
    page,
    ROLE_EXPECTATIONS.super_admin,
    (label) => axeScan(page, label),
  );
});

test('admin roles: each role sees exactly its sidebar items and is refused the rest', async ({ newPage }) => {
  for (const [role, expected] of Object.entries(ROLE_EXPECTATIONS)) {
    const admin = await seedAdmin(role, ADMIN_PASSWORD);
    const page = await newPage();
    await adminSignIn(page, admin.username);
    const badge = (await page.getByTestId('admin-role-badge').textContent())?.trim();
    expect(badge === roleLabel(role), `${role}: role badge "${badge}"`);
    await seeText(page, `Welcome, ${admin.fullName}`);

    const sidebar = await sidebarItems(page);
    expect(
      JSON.stringify(sidebar) === JSON.stringify(expected.sidebar),
      `${role}: sidebar ${JSON.stringify(sidebar)}, expected ${JSON.stringify(expected.sidebar)}`,
    );

    for (const route of GUARDED_ROUTES) {
      await page.goto(`/admin/${route}`);
      const refused = (expected.denied as readonly string[]).includes(route);
      if (refused) {
        await seeText(page, 'Access Denied');
        await seeText(page, DENIED);
        const shown = (await page.getByTestId('access-denied-role').textContent())?.trim();
        expect(shown === roleLabel(role), `${role}: Access Denied shows role "${shown}"`);
        await page.getByRole('button', { name: 'Go Back' }).waitFor();
      } else if (route === 'admins') {
        await page.getByRole('heading', { name: 'Admin Management' }).waitFor();
      } else {
        await seeText(page, PLACEHOLDER);
      }
      if (!refused && (await page.getByText('Access Denied').count()) > 0)
        throw new AssertionError(`${role}: /admin/${route} was refused`);
    }
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.context().close();
  }
});
