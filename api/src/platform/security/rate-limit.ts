import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Request } from 'express';
import type { DB } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import type { Actor } from '../../kernel/principal';
import { AppError } from '../../kernel/errors';
import type { RouteAddress } from '../../kernel/access';
import { getIntSetting } from '../settings/settings.service';
import { recordSecurityEvent } from './security-events';

/**
 * Rate limits on the costly and abusable calls (sign-in, registration, upload, analysis, chat,
 * exports), per IP and per account, counted in PostgreSQL (fixed windows) so every process of a
 * scaled-out deployment shares one count. The per-account limit is the system setting; one IP
 * gets IP_SHARE times that, because many people in India share one address behind their mobile
 * carrier's NAT. Over the limit: 429 with Retry-After (seconds until the window ends).
 */
export const IP_SHARE = 5;
export const RATE_LIMITED = 'Too many requests. Please wait a moment and try again.';

interface Rule {
  bucket: string;
  setting: string;
  windowSeconds: number;
  matches: (method: string, path: string) => boolean;
  /** No account to count (registration): only the IP limit, at the setting itself. */
  ipOnly?: boolean;
  /**
   * The account is counted per address (sign-in): a count of a sign-in name over all addresses
   * would let anyone keep the owner out by sending that name from elsewhere. Guessing spread over
   * many addresses is slowed by the sign-in throttle (login-throttle.ts) instead.
   */
  accountPerAddress?: boolean;
  /** Counts only the requests this says yes to (an e-mail change, not every profile save). */
  applies?: (req: Request, actor: Actor) => boolean;
}

/** A profile save that asks for another sign-in address. */
function asksForNewEmail(req: Request, actor: Actor): boolean {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return (
    actor.kind === 'user' && typeof email === 'string' && email.trim().toLowerCase() !== actor.user.email
  );
}

export const RATE_RULES: readonly Rule[] = [
  {
    bucket: 'login',
    setting: 'rate_limit_login_per_minute',
    windowSeconds: 60,
    accountPerAddress: true,
    matches: (m, p) => m === 'post' && /^\/(auth|admin)\/login(\/2fa)?$/.test(p),
  },
  {
    bucket: 'register',
    setting: 'rate_limit_register_per_hour',
    windowSeconds: 3600,
    ipOnly: true,
    matches: (m, p) => m === 'post' && p === '/auth/register',
  },
  {
    // Mail to an address (reset links, confirmations, e-mail changes; decision 230): per account or
    // per address asked for, whether or not it has an account, so the limit tells nobody which do.
    bucket: 'account_mail',
    setting: 'rate_limit_account_mail_per_hour',
    windowSeconds: 3600,
    matches: (m, p) =>
      (m === 'post' && (p === '/auth/password-reset' || p === '/user/confirm-email/resend')) ||
      (m === 'put' && p === '/user/profile'),
    applies: (req, actor) => req.method !== 'PUT' || asksForNewEmail(req, actor),
  },
  {
    // Opening a mailed link: the token cannot be guessed, but each try may hash a password.
    bucket: 'account_link',
    setting: 'rate_limit_account_mail_per_hour',
    windowSeconds: 3600,
    matches: (m, p) => m === 'post' && (p === '/auth/password-reset/confirm' || p === '/auth/confirm-email'),
  },
  {
    bucket: 'upload',
    setting: 'rate_limit_upload_per_hour',
    windowSeconds: 3600,
    matches: (m, p) => m === 'post' && /\/upload$/.test(p),
  },
  {
    bucket: 'analyze',
    setting: 'rate_limit_analyze_per_hour',
    windowSeconds: 3600,
    matches: (m, p) => m === 'post' && /\/analyze$/.test(p),
  },
  {
    bucket: 'chat',
    setting: 'rate_limit_chat_per_minute',
    windowSeconds: 60,
    matches: (m, p) => m === 'post' && /^\/chats\/?$/.test(p),
  },
  {
    // Each is an Argon2 hash (and a new password a second one): one account flooding them took
    // another patient's sign-in from 43 ms to 10 s (decision 211). Wrong passwords are also
    // throttled with sign-in (reauth.ts); this is the budget of the right ones too.
    bucket: 'password_check',
    setting: 'rate_limit_password_check_per_minute',
    windowSeconds: 60,
    matches: (m, p) =>
      (m === 'post' &&
        /^\/(user\/change-password|security(\/admin)?\/2fa\/(enable|disable)|security\/admin\/change-password)$/.test(
          p,
        )) ||
      (m === 'put' && p === '/user/profile') ||
      (m === 'delete' && p === '/user/account/permanent'),
  },
  {
    // A share link's PIN is hashed at creation.
    bucket: 'share_link',
    setting: 'rate_limit_share_links_per_hour',
    windowSeconds: 3600,
    matches: (m, p) => m === 'post' && p === '/reports/:id/share-links',
  },
  {
    bucket: 'export',
    setting: 'rate_limit_export_per_hour',
    windowSeconds: 3600,
    matches: (_m, p) => /(^|\/)(bulk-)?export(s)?(\/|-|$)/.test(p),
  },
];

/** Every rule a route falls under: one request may spend several budgets (mail and a password check). */
export function rulesFor(method: string, path: string): Rule[] {
  return RATE_RULES.filter((r) => r.matches(method, path));
}

/** Who the per-account count is for: the signed-in person, the guest session, or the sign-in name. */
function accountKey(req: Request, actor: Actor): string | null {
  if (actor.kind === 'user') return `u:${actor.user.id}`;
  if (actor.kind === 'admin') return `a:${actor.admin.id}`;
  const sid = req.params?.sid;
  if (typeof sid === 'string' && sid) return `g:${sid.slice(0, 64)}`;
  const body = req.body as { email?: unknown; username?: unknown } | undefined;
  const name = typeof body?.email === 'string' ? body.email : body?.username;
  // Hashed: the counters must not keep a person's e-mail once their account is deleted.
  if (typeof name === 'string' && name.trim())
    return `n:${createHash('sha256').update(name.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
  return null;
}

/** Counts one hit on each key in the current window; answers the counts. */
async function hit(db: DB, keys: string[], windowStart: Date): Promise<Map<string, number>> {
  const rows = await sql<{ key: string; hits: number }>`
    INSERT INTO rate_limit_counters AS c (key, window_start, hits)
    SELECT k, ${windowStart}::timestamptz, 1 FROM unnest(${keys}::text[]) AS k
    ON CONFLICT (key, window_start) DO UPDATE SET hits = c.hits + 1
    RETURNING key, hits`.execute(db);
  // Old windows are swept now and then by whoever happens to be counting.
  if (Math.random() < 0.01)
    await db
      .deleteFrom('rate_limit_counters')
      .where('window_start', '<', new Date(Date.now() - 2 * 24 * 3600 * 1000))
      .execute();
  return new Map(rows.rows.map((r) => [r.key, Number(r.hits)]));
}

export async function enforceRateLimit(
  deps: Pick<AppDeps, 'db'>,
  req: Request,
  def: RouteAddress,
  actor: Actor,
): Promise<void> {
  for (const rule of rulesFor(def.method, def.path)) {
    if (rule.applies && !rule.applies(req, actor)) continue;
    await enforceRule(deps, req, rule, actor);
  }
}

async function enforceRule(deps: Pick<AppDeps, 'db'>, req: Request, rule: Rule, actor: Actor): Promise<void> {
  const limit = await getIntSetting(deps.db, rule.setting);
  if (limit <= 0) return; // 0 turns the limit off
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const ipKey = `${rule.bucket}:ip:${actor.ip ?? 'unknown'}`;
  const account = rule.ipOnly ? null : accountKey(req, actor);
  const acctKey = account
    ? `${rule.bucket}:${account}${rule.accountPerAddress ? `@${actor.ip ?? 'unknown'}` : ''}`
    : null;
  const counts = await hit(deps.db, acctKey ? [ipKey, acctKey] : [ipKey], windowStart);
  const ipLimit = rule.ipOnly ? limit : limit * IP_SHARE;
  const overIp = (counts.get(ipKey) ?? 0) > ipLimit;
  const overAccount = acctKey !== null && (counts.get(acctKey) ?? 0) > limit;
  if (!overIp && !overAccount) return;
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000));
  // One event per window and key is enough for the record: the first refused request writes it.
  const first = overAccount ? counts.get(acctKey as string) === limit + 1 : counts.get(ipKey) === ipLimit + 1;
  if (first)
    await recordSecurityEvent(deps.db, {
      type: 'rate_limited',
      subject:
        actor.kind === 'user'
          ? { kind: 'user', id: actor.user.id }
          : actor.kind === 'admin'
            ? { kind: 'admin', id: actor.admin.id }
            : null,
      ip: actor.ip,
      details: {
        bucket: rule.bucket,
        by: overAccount ? 'account' : 'ip',
        limit: overAccount ? limit : ipLimit,
      },
    });
  throw new AppError(429, RATE_LIMITED, undefined, 'rate_limited', { 'Retry-After': String(retryAfter) });
}
