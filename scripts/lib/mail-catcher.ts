import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as the SMTP server received it. */
export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailCatcher {
  port: number;
  mails: CaughtMail[];
  /** The first mail to `to` (after `skip` earlier ones) whose subject matches, waiting up to 20 s. */
  waitFor(to: string, subject?: RegExp, skip?: number): Promise<CaughtMail>;
  /** The product's environment for sending here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package), for the API tests and
 * the browser journeys: the product sends through nodemailer exactly as in production, and the
 * tests read what arrived. With `dir`, each mail is also written there as JSON (the journeys run
 * in another process than the server that catches).
 */
export async function startMailCatcher(dir?: string): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
          const mail = { to, subject: m.subject ?? '', text: m.text ?? '', html: m.html || '' };
          mails.push(mail);
          if (dir) writeFileSync(path.join(dir, `${Date.now()}-${mails.length}.json`), JSON.stringify(mail));
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_TLS: 'none' },
    async waitFor(to, subject, skip = 0) {
      const until = Date.now() + 20_000;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
        if (found.length > skip) return found[skip];
        if (Date.now() > until) throw new Error(`no mail to ${to} ${subject ?? ''} after 20 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link a mail carries to one of the product's pages (its token included). */
export function linkIn(mail: { text: string }, pagePath: string): string {
  const m = mail.text.match(new RegExp(`https?://\\S+${pagePath}\\?token=[A-Za-z0-9_%-]+`));
  if (!m) throw new Error(`no ${pagePath} link in the mail:\n${mail.text}`);
  return m[0];
}
