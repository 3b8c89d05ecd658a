import { z } from 'zod';
import { emailField, passwordField } from './auth';
import { newPasswordField } from './user';

/**
 * The account by mail: password reset, e-mail confirmation, and the development outbox
 * (decision 230). Every answer that could tell whether an address has an account is the same
 * either way.
 */
export const ACCOUNT_MESSAGES = {
  resetRequested:
    'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 30 minutes.',
  resetDone: 'Your password has been changed. Sign in with your new password.',
  linkInvalid: 'This link has expired or has already been used. Please ask for a new one.',
  emailConfirmed: 'Your e-mail address is confirmed.',
  emailChanged: 'Your e-mail address is changed and confirmed. Sign in with it from now on.',
  confirmationSent: 'We have sent a confirmation link to your e-mail address.',
  emailChangeRequested:
    'We have sent a link to the new address. Your e-mail changes when you open it; until then you sign in with the current one.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  outboxClosed: 'The outbox exists only in development, when no SMTP server is configured.',
} as const;

/** Mail that carries a link is only ever in one of the two languages the product speaks. */
export const mailLanguage = z.enum(['en', 'hi']);

/** POST /auth/password-reset: a link by mail, if the address has an account. */
export const passwordResetRequest = z.object({ email: emailField, language: mailLanguage.optional() });

/** The token of a link sent by mail: 43 url-safe base64 characters (32 random bytes). */
export const mailToken = z
  .string({ error: ACCOUNT_MESSAGES.linkInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, ACCOUNT_MESSAGES.linkInvalid);

/** POST /auth/password-reset/confirm */
export const passwordResetConfirm = z.object({ token: mailToken, new_password: newPasswordField });

/** The reset page's form: the token, the new password twice. */
export const passwordResetForm = z
  // Empty fields arrive as absent (conform's form parsing): the token and the confirmation default
  // to '' so that an empty one is the API's "link invalid" / this form's "do not match", as before.
  .object({
    token: z.string().default(''),
    new_password: newPasswordField,
    confirm_password: z.string().default(''),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: 'New passwords do not match',
    path: ['confirm_password'],
  });

/** POST /auth/confirm-email */
export const confirmEmailRequest = z.object({ token: mailToken });
export const confirmEmailResponse = z.object({ message: z.string(), email: z.string() });

/** One mail in the development outbox. */
export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;
export const outboxResponse = z.object({ mails: z.array(outboxMail) });
export const outboxParams = z.object({ id: z.string().regex(/^[\w-]{1,80}$/) });

export { emailField, passwordField };
