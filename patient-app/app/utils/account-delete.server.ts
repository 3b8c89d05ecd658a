import { USER_MESSAGES } from '@reportsaathi/contracts/user';

/** The message after a permanent deletion, shown on the home page. */
export const DELETED = 'Your account has been permanently deleted. You will be redirected to the home page.';

/**
 * Why a deletion was refused, carried from /account/delete/submit back to /account/delete as
 * codes in its URL (no secret in it), and the message each one shows.
 */
export const REFUSALS: Record<string, { field: 'password' | 'confirmation' | 'form'; message: string }> = {
  password: { field: 'password', message: USER_MESSAGES.deletePasswordRequired },
  confirmation: { field: 'confirmation', message: USER_MESSAGES.deleteConfirmRequired },
  password_wrong: { field: 'password', message: USER_MESSAGES.deletePasswordWrong },
  failed: { field: 'form', message: 'Failed to delete account' },
};
