import { Form, useLocation } from '@remix-run/react';

/**
 * Until the account's address is confirmed: where the link went, and a button to send it again
 * (decision 230). Not on the confirmation page itself, which is busy confirming.
 */
const WORDS = {
  en: { ask: 'Please confirm your e-mail address: we sent a link to', again: 'Mail me the link again' },
  hi: { ask: 'कृपया अपना ई-मेल पता पक्का करें: हमने यह लिंक भेजा है', again: 'लिंक फिर से भेजें' },
};

export function ConfirmEmailBanner({
  user,
}: {
  user: { email: string; verified: boolean; language?: string } | null;
}) {
  const { pathname } = useLocation();
  if (!user || user.verified || pathname === '/confirm-email') return null;
  const w = user.language === 'hi' ? WORDS.hi : WORDS.en;
  return (
    <div className="notice confirm-banner" role="status" lang={user.language === 'hi' ? 'hi' : 'en'}>
      {/* A div, not a p: a form inside a p is closed early by the HTML parser, and the page's
          hydration would then fail and lose what was typed before the JavaScript arrived. */}
      <div className="container">
        <div>
          {w.ask} <strong>{user.email}</strong>.{' '}
          <Form method="post" action="/confirm-email/resend" style={{ display: 'inline' }}>
            <input type="hidden" name="back" value={pathname} />
            <button type="submit" className="btn btn-outline btn-sm">
              {w.again}
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
