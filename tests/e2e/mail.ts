import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CaughtMail } from '../../scripts/lib/mail-catcher';
import { AssertionError } from './harness';

/**
 * The mail the product sent during the run: scripts/run-e2e.ts starts a real SMTP server and
 * writes each mail it receives into E2E_MAIL_DIR as JSON.
 */
function received(): CaughtMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new AssertionError('E2E_MAIL_DIR is not set (run through npm run test:e2e)');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b))
    .map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as CaughtMail);
}

/** The `skip`-th mail (0 = first) to `to` whose subject matches, waiting up to 20 s. */
export async function mailTo(to: string, subject: RegExp, skip = 0): Promise<CaughtMail> {
  const until = Date.now() + 20_000;
  for (;;) {
    const found = received().filter((m) => m.to.includes(to) && subject.test(m.subject));
    if (found.length > skip) return found[skip];
    if (Date.now() > until) throw new AssertionError(`no mail to ${to} matching ${subject} arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The path (with its token) of the link a mail carries to one of the product's pages. */
export function linkPath(mail: CaughtMail, page: string): string {
  const m = mail.text.match(new RegExp(`https?://[^\\s/]+(${page}\\?token=[A-Za-z0-9_%-]+)`));
  if (!m) throw new AssertionError(`no ${page} link in the mail "${mail.subject}"`);
  return m[1];
}
