/**
 * Run the admin login journey by hand against a running server:
 *   npx tsx backoffice/e2e/run-admin-login.ts http://localhost:3900 admin adminpass123 [screenshot.png]
 * Uses Debian's chromium (apt-get install -y chromium) and scans each screen with axe-core.
 * The e2e runner calls runAdminLoginJourney itself.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { runAdminLoginJourney } from './admin-login.e2e';

const [baseUrl = 'http://localhost:3000', username = 'admin', password = '', screenshot] =
  process.argv.slice(2);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  // The same bar as tests/e2e/harness.ts axeScan: no serious or critical WCAG 2.1 AA violation.
  const scan = async (label: string) => {
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .setLegacyMode()
      .analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    if (bad.length) {
      const lines = bad.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`);
      throw new Error(`axe on ${label}:\n  ${lines.join('\n  ')}`);
    }
  };
  // The bootstrap admin is a super admin: every sidebar item, nothing refused.
  const superAdmin = {
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
    denied: [],
  };
  const result = await runAdminLoginJourney(baseUrl, username, password, page, superAdmin, scan);
  console.log('admin login journey passed', result);
  if (problems.length) console.log('browser reported:\n  ' + problems.join('\n  '));
  if (screenshot) {
    // Sign in again and photograph the dashboard for a human to look at.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log('screenshot:', screenshot);
  }
} finally {
  await browser.close();
}
