import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_STAFF, DEMO_USER } from '../seed/demo';

/** Where a generated super admin password is kept for its owner (mode 0600), never printed. */
export const ADMIN_PASSWORD_FILE = 'super-admin-password.txt';

/**
 * The lines `npm start` prints once the product runs. No credential of this installation is
 * printed or logged (decision 212): a generated super admin password goes into a file only its
 * owner can read, and the banner says where. The demo accounts' passwords are the README's, the
 * same on every installation, so they are shown.
 */
export function startBanner(s: {
  url: string;
  role: string;
  dataDir: string;
  demo: boolean;
  bootstrapAdmin: { username: string; password: string | null; generated: boolean } | null;
  /** The demo share link's full address and PIN (demo data only: the PIN is the README's). */
  demoDoctorLink?: string | null;
  /** How account mail leaves (decision 230): an outbox page without SMTP, or off in production. */
  mail?: 'smtp' | 'outbox' | 'off' | null;
}): string[] {
  const lines = [''];
  if (s.url) {
    lines.push(`ReportSaathi is running (${s.role}) at ${s.url}`);
    if (s.role === 'all' || s.role === 'web')
      lines.push(`  Patient app: ${s.url}/`, `  Back office: ${s.url}/admin/login`);
    if (s.role !== 'web') lines.push(`  API:         ${s.url}/api/v1/health`);
  } else {
    lines.push(`ReportSaathi worker is running`);
  }
  const a = s.bootstrapAdmin;
  if (a?.generated && a.password) {
    const file = path.resolve(s.dataDir, ADMIN_PASSWORD_FILE);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${a.password}\n`, { mode: 0o600 });
    lines.push(
      `  Super admin created: username '${a.username}', generated password in ${file}`,
      `    (readable by you only: sign in, change the password, then delete the file)`,
    );
  } else if (a) {
    lines.push(`  Super admin created: username '${a.username}' (password from ADMIN_PASSWORD)`);
  }
  if (s.demo) {
    lines.push(`  Demo patient: ${DEMO_USER.email} / ${DEMO_USER.password}`);
    for (const d of DEMO_STAFF) lines.push(`  Demo ${d.role}: ${d.username} / ${d.password} (back office)`);
    if (s.demoDoctorLink) lines.push(`  Demo doctor link: ${s.demoDoctorLink}`);
  }
  if (s.mail === 'outbox' && s.url)
    lines.push(`  Mail: no SMTP server set (SMTP_HOST); mail is kept at ${s.url}/dev/outbox`);
  if (s.mail === 'off')
    lines.push(
      '  Mail: OFF. Set SMTP_HOST (and PUBLIC_URL) or password reset and e-mail confirmation cannot work.',
    );
  return lines;
}
