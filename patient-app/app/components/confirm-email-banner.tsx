import { Form, useLocation } from '@remix-run/react';

/**
 * Until the account's address is confirmed: where the link went, and a button to send it again
 * (decision 230). Not on the confirmation page itself, which is busy confirming.
 */
export function ConfirmEmailBanner({ user }: { user: { email: string; verified: boolean } | null }) {
  const { pathname } = useLocation();
  if (!user || user.verified || pathname === '/confirm-email') return null;
  return (
    <div className="notice confirm-banner" role="status">
      <div className="container">
        <p>
          Please confirm your e-mail address: we sent a link to <strong>{user.email}</strong>.{' '}
          <Form method="post" action="/confirm-email/resend" style={{ display: 'inline' }}>
            <input type="hidden" name="back" value={pathname} />
            <button type="submit" className="btn btn-outline btn-sm">
              Send the link again
            </button>
          </Form>
        </p>
      </div>
    </div>
  );
}
