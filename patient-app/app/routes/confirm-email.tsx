import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { createApi } from '../utils/api.server';
import { refusal } from '../utils/submit.server';
import { getUser } from '../utils/auth.server';
import { authTexts } from '../utils/auth-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${authTexts(metaLang(matches)).titles.confirm} | ReportSaathi` },
  { name: 'referrer', content: 'no-referrer' },
];

/**
 * The link from a confirmation mail. Opening it confirms the address (a scanner opening it too
 * only proves the mail arrived), or moves the account to the new address it asked for.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const signedIn = Boolean(await getUser(request, context));
  try {
    const res = await createApi(request, context).account.confirmEmail({ body: { token } });
    return { ok: true, message: res.message, email: res.email, signedIn };
  } catch (err) {
    return {
      ok: false,
      message: refusal(err, 'Something went wrong. Please try again.').message,
      email: null,
      signedIn,
    };
  }
}

export default function ConfirmEmail() {
  const { ok, message, email, signedIn } = useLoaderData<typeof loader>();
  const lang = usePageLang();
  const t = authTexts(lang).confirm;
  return (
    <div className="container page-pad">
      <div className="card auth-card">
        <h1>{ok ? t.confirmed : t.broken}</h1>
        <p role={ok ? 'status' : 'alert'}>{say(lang, message)}</p>
        {ok && email ? <p className="muted">{email}</p> : null}
        {!ok ? (
          <p className="muted small">
            {t.askAgainStart}
            <Link to="/user/profile">{t.profile}</Link>.
          </p>
        ) : null}
        <p>
          <Link className="btn btn-primary" to={signedIn ? '/dashboard' : '/login'}>
            {signedIn ? t.dashboard : t.signIn}
          </Link>
        </p>
      </div>
    </div>
  );
}
