import { ACCOUNT_MESSAGES } from '@reportsaathi/contracts';
import { transaction } from '@reportsaathi/db';
import type { Request } from 'express';
import type { AppDeps } from '../../context';
import { badRequest } from '../../kernel/errors';
import { addressInUseMail, confirmEmailMail, emailChangedMail } from '../../platform/mail/account-mails';
import { sendInBackground } from '../../platform/mail/mailer';
import { recordSecurityEvent } from '../../platform/security/security-events';
import { findUserByEmail, findUser, issueAccountToken, useAccountToken } from './account-tokens.repo';
import { languageOf, linkOrigin, mailLink } from './links';

/** A confirmation link works for 24 hours. */
export const CONFIRM_TTL_MS = 24 * 3600 * 1000;
export const CONFIRM_PAGE = '/confirm-email';

interface Person {
  id: number;
  email: string;
  full_name: string | null;
  preferences: unknown;
}

/** Mails a link that confirms `to` for the account (its own address, or the new one it asked for). */
async function sendConfirmation(deps: AppDeps, req: Request, user: Person, to: string): Promise<void> {
  const origin = linkOrigin(deps, req);
  if (!origin) {
    deps.logger.error('confirmation not sent: PUBLIC_URL is required in production for mailed links');
    return;
  }
  const token = await issueAccountToken(deps.db, {
    userId: user.id,
    purpose: 'email_confirm',
    email: to,
    ttlMs: CONFIRM_TTL_MS,
  });
  const link = mailLink(origin, CONFIRM_PAGE, token);
  const change = to !== user.email;
  sendInBackground(
    deps.mailer,
    deps.logger,
    confirmEmailMail(to, languageOf(user.preferences), user.full_name, link, change),
  );
}

/** At registration, and when the person asks again: a link to the account's own address. */
export async function sendRegistrationConfirmation(deps: AppDeps, req: Request, user: Person): Promise<void> {
  await sendConfirmation(deps, req, user, user.email);
}

export async function resendConfirmation(
  deps: AppDeps,
  req: Request,
  userId: number,
): Promise<{ message: string }> {
  const user = await findUser(deps.db, userId);
  if (!user || user.is_verified) return { message: ACCOUNT_MESSAGES.alreadyConfirmed };
  await sendConfirmation(deps, req, user, user.email);
  return { message: ACCOUNT_MESSAGES.confirmationSent };
}

/**
 * A signed-in person (password already checked) asks to sign in with another address. The answer
 * is the same whether or not the address belongs to another account (issue 32, item 7): a free
 * address gets a link to confirm it, the owner of a taken one is told that someone tried. The
 * account keeps its address until the link is opened.
 */
export async function requestEmailChange(
  deps: AppDeps,
  req: Request,
  user: Person,
  newEmail: string,
  ip: string | null,
): Promise<void> {
  const owner = await findUserByEmail(deps.db, newEmail);
  await recordSecurityEvent(deps.db, {
    type: 'email_change_requested',
    subject: { kind: 'user', id: user.id },
    ip,
    details: {},
  });
  if (owner) {
    if (owner.id !== user.id)
      sendInBackground(
        deps.mailer,
        deps.logger,
        addressInUseMail(owner.email, languageOf(owner.preferences), owner.full_name),
      );
    return;
  }
  await sendConfirmation(deps, req, user, newEmail);
}

/**
 * Opens a confirmation link: the account's own address becomes confirmed, or the new address it
 * asked for becomes the account's (confirmed), and the old address is told of the change.
 */
export async function confirmEmail(
  deps: AppDeps,
  token: string,
  ip: string | null,
): Promise<{ message: string; email: string }> {
  const outcome = await transaction(deps.db, async (trx) => {
    const used = await useAccountToken(trx, token, 'email_confirm');
    if (!used) return null;
    const before = await findUser(trx, used.user_id);
    if (!before || !before.is_active) return null;
    if (before.email === used.email) {
      await trx.updateTable('users').set({ is_verified: true }).where('id', '=', before.id).execute();
      return { before, changed: false, email: used.email };
    }
    // The new address may have been taken since the link was sent: then the link does nothing.
    const taken = await findUserByEmail(trx, used.email);
    if (taken) return null;
    await trx
      .updateTable('users')
      .set({ email: used.email, is_verified: true, updated_at: new Date() })
      .where('id', '=', before.id)
      .execute();
    await recordSecurityEvent(trx, {
      type: 'email_changed',
      subject: { kind: 'user', id: before.id },
      ip,
      details: {},
    });
    return { before, changed: true, email: used.email };
  }).catch((err: unknown) => {
    // Two accounts racing for one address: the unique index decides, the loser's link does nothing.
    if ((err as { code?: string }).code === '23505') return null;
    throw err;
  });
  if (!outcome) throw badRequest(ACCOUNT_MESSAGES.linkInvalid, { token: ACCOUNT_MESSAGES.linkInvalid });
  const { before, changed, email } = outcome;
  if (changed)
    sendInBackground(
      deps.mailer,
      deps.logger,
      emailChangedMail(before.email, languageOf(before.preferences), before.full_name, email),
    );
  return { message: changed ? ACCOUNT_MESSAGES.emailChanged : ACCOUNT_MESSAGES.emailConfirmed, email };
}
