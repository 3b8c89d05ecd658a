// @ts-nocheck
import type { Page } from 'playwright-core';
import { runAdminLoginJourney } from '../../backoffice/e2e/admin-login.e2e';
import { seedAdmin, seedChat, seedReport, seedUser, tag as tagOf } from './admin-fixtures';
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

// ---------------------------------------------------------------- screens

const TIMEOUT = 15_000;

/** Picks an option of the antd Select labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.locator(`.ant-select[aria-label="${label}"]`).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

async function absent(page: Page, name: string | RegExp, what: string): Promise<void> {
  const count = await page.getByRole('button', { name }).count();
  expect(count === 0, `${what}: a "${String(name)}" button is shown`);
}

test('admin users: search → detail → suspend (empty reason does nothing) → activate → edit', async ({
  newPage,
}) => {
  const t = tagOf();
  const email = `e2e-user-${t}@example.com`;
  await seedUser({ email, full_name: `Meera ${t}` });
  await seedUser({ email: `e2e-other-${t}@example.com`, full_name: `Other ${t}`, is_verified: false });
  const staff = await seedAdmin('admin', ADMIN_PASSWORD);
  const page = await newPage();
  await adminSignIn(page, staff.username);

  await page.goto('/admin/users');
  await page.getByRole('heading', { name: 'User Management' }).waitFor();
  await page.getByLabel('Search users').fill(`Meera ${t}`);
  await page.getByLabel('Search users').press('Enter');
  await page.waitForURL((url) => url.searchParams.get('search') === `Meera ${t}`);
  // The previous page stays on screen until the new answer arrives: wait for it to go.
  await row(page, `e2e-other-${t}`).waitFor({ state: 'detached' });
  await row(page, email).waitFor();
  await seeText(page, 'Showing page 1 of 1');

  // The filters live in the URL: a reload shows the same list.
  await page.reload();
  await row(page, email).waitFor();
  expect(
    (await page.getByLabel('Search users').inputValue()) === `Meera ${t}`,
    'search box kept after reload',
  );

  // Status filter: the unverified user appears under Unverified only.
  await page.goto(`/admin/users?search=${t}&status=unverified`);
  await row(page, `e2e-other-${t}@example.com`).waitFor();
  await row(page, 'Unverified').waitFor();
  await row(page, email).waitFor({ state: 'detached' });

  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  await row(page, email)
    .getByRole('link', { name: `View ${email}` })
    .click();
  await page.waitForURL(/\/admin\/users\/\d+$/);
  await seeText(page, email);
  await page.getByTestId('user-status').filter({ hasText: 'Active' }).waitFor();
  await seeText(page, 'No recent activity found.');

  // Suspend asks for a reason; OK with nothing typed does nothing.
  await page.getByRole('button', { name: 'Suspend User' }).click();
  await seeText(page, 'Reason for suspension:');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByTestId('user-status').filter({ hasText: 'Active' }).waitFor();
  expect(
    await page.getByRole('button', { name: 'Suspend User' }).isVisible(),
    'empty reason suspended the user',
  );

  await page.getByRole('button', { name: 'Suspend User' }).click();
  await page.getByLabel('Reason for suspension:').fill('Abusive messages to support');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByTestId('user-status').filter({ hasText: 'Inactive' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('button', { name: 'Activate User' }).click();
  await page.getByTestId('user-status').filter({ hasText: 'Active' }).waitFor({ timeout: TIMEOUT });

  // Edit: name and notes, 'Save Changes'.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByPlaceholder('Internal notes about this user...').fill('Called on 22 Nov');
  await page.getByLabel('Full name').fill(`Meera Rao ${t}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('heading', { name: `Meera Rao ${t}` }).waitFor({ timeout: TIMEOUT });
  await seeText(page, 'Called on 22 Nov');
  await axeScan(page, '/admin/users/:id');
});

test('admin reports: flag a report, then bulk delete two (permanent)', async ({ newPage }) => {
  const t = tagOf();
  const userId = await seedUser({ email: `e2e-rep-${t}@example.com`, full_name: `Ravi ${t}` });
  const names = [1, 2, 3].map((n) => `cbc-${t}-${n}.pdf`);
  for (const name of names) await seedReport(userId, { filename: name });
  const page = await newPage();
  await adminSignIn(page, 'admin', process.env.ADMIN_PASSWORD ?? 'e2e-admin-password');

  await page.goto(`/admin/data/reports?search=${t}`);
  await page.getByRole('heading', { name: 'Reports' }).waitFor();
  for (const name of names) await row(page, name).waitFor();
  await row(page, names[0]!)
    .getByRole('button', { name: `Flag ${names[0]}` })
    .click();
  await row(page, names[0]!)
    .getByRole('button', { name: `Unflag ${names[0]}` })
    .waitFor({ timeout: TIMEOUT });

  // Only the flagged one under flagged=true.
  await page.goto(`/admin/data/reports?search=${t}&is_flagged=true`);
  await row(page, names[1]!).waitFor({ state: 'detached' });
  await row(page, names[0]!).waitFor();

  await page.goto(`/admin/data/reports?search=${t}`);
  await row(page, names[1]!).getByRole('checkbox').check();
  await row(page, names[2]!).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  await seeText(page, 'Are you sure you want to delete 2 selected report(s)?');
  await page.getByText('Permanent delete (cannot be undone)').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: 'Delete Selected (0)' }).waitFor({ timeout: TIMEOUT });
  await row(page, names[1]!).waitFor({ state: 'detached' });
  await row(page, names[2]!).waitFor({ state: 'detached' });
  await row(page, names[0]!).waitFor();
  await axeScan(page, '/admin/data/reports');
});

test('admin chats: report prefill, flag with a reason, detail notes saved', async ({ newPage }) => {
  const t = tagOf();
  const userId = await seedUser({ email: `e2e-chat-${t}@example.com`, full_name: `Chat ${t}` });
  const reportId = await seedReport(userId, { filename: `lipid-${t}.pdf` });
  const chatId = await seedChat(userId, reportId, {
    message: `Is my cholesterol ok ${t}?`,
    response: 'Your LDL is a little above the range.',
  });
  const page = await newPage();
  await adminSignIn(page, 'admin', process.env.ADMIN_PASSWORD ?? 'e2e-admin-password');

  // The report detail links to the chats with its id, which pre-fills the report filter.
  await page.goto(`/admin/reports/${reportId}`);
  await page.getByRole('link', { name: 'View All Chats' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/admin/data/chats' && url.searchParams.get('report_id') === String(reportId),
  );
  expect(
    (await page.getByLabel('Report ID').inputValue()) === String(reportId),
    'report filter not pre-filled',
  );
  await row(page, `Is my cholesterol ok ${t}?`).waitFor();

  await page.getByRole('button', { name: `Flag chat ${chatId}` }).click();
  await page.getByLabel('Reason for flagging:').fill('Medical advice check');
  await page.getByRole('button', { name: 'OK' }).click();
  await row(page, 'Flagged').waitFor({ timeout: TIMEOUT });

  await page.getByRole('button', { name: `Details of chat ${chatId}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Your LDL is a little above the range.').waitFor();
  await dialog.getByText('Flag reason: Medical advice check').waitFor();
  await dialog.getByLabel('Moderation Notes').fill(`Reviewed ${t}: fine`);
  await dialog.getByRole('button', { name: 'Save Moderation' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: TIMEOUT });
  await page.reload();
  await page.getByRole('button', { name: `Details of chat ${chatId}` }).click();
  const notes = page.getByRole('dialog').getByLabel('Moderation Notes');
  await page.waitForFunction(
    (expected) =>
      (document.getElementById('chat-moderation-notes') as HTMLTextAreaElement | null)?.value === expected,
    `Reviewed ${t}: fine`,
  );
  expect((await notes.inputValue()) === `Reviewed ${t}: fine`, 'moderation notes not saved');
  await axeScan(page, '/admin/data/chats (detail)');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: `Unflag chat ${chatId}` }).click();
  await page.getByRole('button', { name: `Flag chat ${chatId}` }).waitFor({ timeout: TIMEOUT });
});

test('admin management: create an admin, change the role, the new role holds at sign-in', async ({
  newPage,
}) => {
  const t = tagOf();
  const username = `e2e_new_${t}`;
  const page = await newPage();
  await adminSignIn(page, 'admin', process.env.ADMIN_PASSWORD ?? 'e2e-admin-password');
  await page.goto('/admin/admins');
  await page.getByRole('heading', { name: 'Admin Management' }).waitFor();
  await page.getByRole('button', { name: 'Create Admin' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Full name').fill(`New Staff ${t}`);
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await seeText(page, 'Password must be at least 8 characters long.');
  await dialog.getByLabel('Password').fill(ADMIN_PASSWORD);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: TIMEOUT });

  await page.goto(`/admin/admins?search=${username}`);
  await row(page, username).waitFor();
  await choose(page, `Role of ${username}`, 'MODERATOR');
  await seeText(page, `${username} is now MODERATOR`);

  const other = await newPage();
  await adminSignIn(other, username);
  const badge = (await other.getByTestId('admin-role-badge').textContent())?.trim();
  expect(badge === 'MODERATOR', `the new admin's badge is "${badge}"`);
  await axeScan(page, '/admin/admins');
});

test('admin viewer: sees the data but no edit, suspend, flag, delete or export buttons', async ({
  newPage,
}) => {
  const t = tagOf();
  const email = `e2e-view-${t}@example.com`;
  const userId = await seedUser({ email, full_name: `Viewed ${t}` });
  const reportId = await seedReport(userId, { filename: `thyroid-${t}.pdf` });
  const chatId = await seedChat(userId, reportId, {
    message: `TSH question ${t}`,
    response: 'TSH is in range.',
  });
  const viewer = await seedAdmin('viewer', ADMIN_PASSWORD);
  const page = await newPage();
  await adminSignIn(page, viewer.username);

  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  await row(page, email).waitFor();
  await absent(page, /^(Suspend|Activate)/, 'users list');
  await absent(page, 'Export', 'users list');

  await page.goto(`/admin/users/${userId}`);
  await seeText(page, email);
  await absent(page, 'Edit', 'user detail');
  await absent(page, /Suspend User|Activate User/, 'user detail');

  await page.goto(`/admin/data/reports?search=${t}`);
  await row(page, `thyroid-${t}.pdf`).waitFor();
  await absent(page, /^(Flag|Unflag) /, 'reports list');
  await absent(page, /Delete Selected/, 'reports list');
  await absent(page, /Export (CSV|JSON)/, 'reports list');

  await page.goto(`/admin/reports/${reportId}`);
  await page.getByRole('heading', { name: `thyroid-${t}.pdf` }).waitFor();
  await absent(page, /Flag Report|Unflag Report/, 'report detail');
  await absent(page, /Soft Delete|Permanent Delete/, 'report detail');
  await absent(page, 'Edit', 'report detail');

  await page.goto(`/admin/data/chats?report_id=${reportId}`);
  await row(page, `TSH question ${t}`).waitFor();
  await absent(page, /^(Flag|Unflag) chat/, 'chats list');
  await absent(page, /Delete Selected/, 'chats list');
  await absent(page, 'Export CSV', 'chats list');
  await page.getByRole('button', { name: `Details of chat ${chatId}` }).click();
  await page.getByRole('dialog').getByText('TSH is in range.').waitFor();
  await absent(page, 'Save Moderation', 'chat detail');
});
