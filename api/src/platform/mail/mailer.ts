import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { OutboxMail } from '@reportsaathi/contracts';
import type { Env } from '../../env';

/** One mail: plain text for every mail program, and the same as simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * How the product sends mail (decision 230):
 * - `smtp`: through the SMTP server named by SMTP_HOST (nodemailer);
 * - `outbox`: outside production with no SMTP server, written to DATA_DIR/outbox and listed at
 *   /dev/outbox, so the quick start works without a mail server;
 * - `off`: production with no SMTP server; nothing can be sent, which the start warns about.
 */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox' | 'off';
  send(message: MailMessage): Promise<void>;
  /** The outbox's mail, newest first (outbox mode only; otherwise empty). */
  outbox(): Promise<OutboxMail[]>;
}

export const OUTBOX_LIMIT = 50;

export function createMailer(env: Env, logger: Logger): Mailer {
  if (env.SMTP_HOST) return smtpMailer(env);
  if (env.NODE_ENV !== 'production') return outboxMailer(path.join(env.DATA_DIR, 'outbox'));
  return {
    mode: 'off',
    send: async (m) => {
      logger.error({ subject: m.subject }, 'mail not sent: no SMTP server is configured (SMTP_HOST)');
    },
    outbox: async () => [],
  };
}

function smtpMailer(env: Env): Mailer {
  const transport = nodemailer.createTransport({
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_TLS === 'tls',
    // starttls: the server must upgrade the connection, or nothing is sent in the clear.
    requireTLS: env.SMTP_TLS === 'starttls',
    ignoreTLS: env.SMTP_TLS === 'none',
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    mode: 'smtp',
    send: async (m) => {
      await transport.sendMail({
        from: env.SMTP_FROM,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
    },
    outbox: async () => [],
  };
}

function outboxMailer(dir: string): Mailer {
  return {
    mode: 'outbox',
    send: async (m) => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const created = new Date();
      // Sortable by name: the time first, then a random part so two mails in one millisecond differ.
      const id = `${created.getTime()}-${randomBytes(4).toString('hex')}`;
      const mail: OutboxMail = { id, ...m, created_at: created.toISOString() };
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(mail, null, 2), { mode: 0o600 });
    },
    outbox: async () => {
      const names = await readdir(dir).catch(() => [] as string[]);
      const newest = names
        .filter((n) => /^[\w-]+\.json$/.test(n))
        .sort()
        .reverse()
        .slice(0, OUTBOX_LIMIT);
      const mails = await Promise.all(
        newest.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as OutboxMail),
      );
      return mails;
    },
  };
}

/**
 * Sends without making the caller wait: an answer must not take longer when an address has an
 * account (a mail goes out) than when it has none. A failure is logged without the mail's link.
 */
export function sendInBackground(mailer: Mailer, logger: Logger, message: MailMessage): void {
  mailer.send(message).catch((err: unknown) => {
    logger.error(
      { subject: message.subject, err: err instanceof Error ? err.message : String(err) },
      'mail not sent',
    );
  });
}
