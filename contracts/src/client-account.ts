import type { Call } from './client-core';
import type { contract } from './contract';
import { ADDRESSES } from './endpoint-addresses';

type Contract = typeof contract;

/** Sign-in calls: a 4xx there is an answer, not an ended session. */
const ANONYMOUS = { anonymous: true } as const;

/** The account by mail (contract.account): password reset, e-mail confirmation, the dev outbox. */
export function accountCalls(call: Call) {
  return {
    requestPasswordReset: (email: string, language?: 'en' | 'hi') =>
      call<Contract['account']['requestPasswordReset']>(
        ADDRESSES.account.requestPasswordReset,
        { body: { email, language } },
        ANONYMOUS,
      ),
    confirmPasswordReset: (token: string, new_password: string) =>
      call<Contract['account']['confirmPasswordReset']>(
        ADDRESSES.account.confirmPasswordReset,
        { body: { token, new_password } },
        ANONYMOUS,
      ),
    confirmEmail: (token: string) =>
      call<Contract['account']['confirmEmail']>(
        ADDRESSES.account.confirmEmail,
        { body: { token } },
        ANONYMOUS,
      ),
    resendConfirmation: () =>
      call<Contract['account']['resendConfirmation']>(ADDRESSES.account.resendConfirmation),
    outbox: () => call<Contract['account']['outbox']>(ADDRESSES.account.outbox, {}, ANONYMOUS),
  };
}
