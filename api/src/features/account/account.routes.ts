import { ACCOUNT_MESSAGES, contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { notFound } from '../../kernel/errors';
import { confirmEmail, resendConfirmation } from './email-confirm.service';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';

/**
 * The account by mail (contract.account). Reset and confirmation are public (the link's token is
 * the credential); asking for the confirmation mail again needs the signed-in user; the outbox
 * exists only in development with no SMTP server (decision 230).
 */
export const accountRoutes = [
  defineRoute(contract.account.requestPasswordReset, ({ deps, actor, body, req }) =>
    requestPasswordReset(deps, req, body, actor.ip),
  ),
  defineRoute(contract.account.confirmPasswordReset, ({ deps, actor, body }) =>
    confirmPasswordReset(deps, body, actor.ip),
  ),
  defineRoute(contract.account.confirmEmail, ({ deps, actor, body }) =>
    confirmEmail(deps, body.token, actor.ip),
  ),
  defineRoute(contract.account.resendConfirmation, ({ deps, actor, req }) =>
    resendConfirmation(deps, req, actor.user.id),
  ),
  defineRoute(contract.account.outbox, async ({ deps }) => {
    if (deps.mailer.mode !== 'outbox' || deps.env.NODE_ENV === 'production')
      throw notFound(ACCOUNT_MESSAGES.outboxClosed);
    return { mails: await deps.mailer.outbox() };
  }),
];
