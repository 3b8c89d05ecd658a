import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { passwordResetForm } from '@reportsaathi/contracts';
import { Field } from '../components/field';
import { ApiError, createApi } from '../utils/api.server';
import { clearTokenCookie, setFlashCookie } from '../utils/cookies.server';
import { fieldErrors, formToObject, type FieldErrors } from '../utils/forms';
import { authTexts } from '../utils/auth-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${authTexts(metaLang(matches)).titles.reset} | ReportSaathi` },
  // The address holds a working token: never let a search engine or a referrer keep it.
  { name: 'referrer', content: 'no-referrer' },
];

/** Opening the link changes nothing (mail scanners open links too); the form's post does. */
export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = formToObject(await request.formData(), ['token', 'new_password', 'confirm_password']);
  const parsed = passwordResetForm.safeParse(values);
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error), formError: null as string | null }, { status: 400 });
  try {
    const res = await createApi(request, context).account.confirmPasswordReset({
      body: { token: parsed.data.token, new_password: parsed.data.new_password },
    });
    // Every session of the account ended, this browser's included: sign in afresh.
    const headers = new Headers();
    headers.append('Set-Cookie', clearTokenCookie(request));
    headers.append('Set-Cookie', setFlashCookie(request, { kind: 'success', message: res.message }));
    return redirect('/login', { headers });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const formError = err.status === 0 ? 'Something went wrong. Please try again.' : err.detail;
    return data({ errors: err.errors as FieldErrors, formError }, { status: err.status || 502 });
  }
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const lang = usePageLang();
  const t = authTexts(lang).reset;
  const linkBroken = Boolean(result?.errors?.token) || !token;
  return (
    <div className="container page-pad">
      <div className="card auth-card">
        <h1>{t.title}</h1>
        {result?.formError ? (
          <div className="form-error" role="alert">
            {say(lang, result.formError)}
          </div>
        ) : null}
        {linkBroken ? (
          <p>
            {token ? null : t.needsLink}
            <Link to="/forgot-password">{t.newLink}</Link>
          </p>
        ) : (
          <Form method="post" noValidate>
            <input type="hidden" name="token" value={token} />
            <Field
              name="new_password"
              label={t.newPassword}
              type="password"
              autoComplete="new-password"
              error={result?.errors?.new_password}
            />
            <Field
              name="confirm_password"
              label={t.confirm}
              type="password"
              autoComplete="new-password"
              error={result?.errors?.confirm_password}
            />
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? t.busy : t.submit}
            </button>
          </Form>
        )}
        <p className="muted small">{t.note}</p>
      </div>
    </div>
  );
}
