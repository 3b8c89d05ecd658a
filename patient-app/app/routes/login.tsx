import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { loginRequest, needsSecondFactor } from '@reportsaathi/contracts';
import { useState } from 'react';
import { Field } from '../components/field';
import { ApiError, createApi } from '../utils/api.server';
import { getUser } from '../utils/auth.server';
import { setFlashCookie, setTokenCookie } from '../utils/cookies.server';
import { fieldErrors, formToObject, type FieldErrors } from '../utils/forms';
import { safeRedirect } from '../utils/redirect';
import { authTexts } from '../utils/auth-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${authTexts(metaLang(matches)).titles.login} | ReportSaathi` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'));
  // Already signed in: nothing to do here.
  if (await getUser(request, context)) throw redirect(redirectTo);
  return { redirectTo };
}

type LoginResult = {
  errors: FieldErrors;
  formError: string | null;
  email: string;
  /** Set when the password was right and the account asks for a second factor. */
  challenge?: string;
};

function loggedIn(request: Request, token: string, redirectTo: string) {
  const headers = new Headers();
  headers.append('Set-Cookie', setTokenCookie(request, token));
  headers.append('Set-Cookie', setFlashCookie(request, { kind: 'success', message: 'Login successful!' }));
  return redirect(redirectTo, { headers });
}

function failed(err: unknown, email: string, challenge?: string) {
  if (!(err instanceof ApiError)) throw err;
  // The server's message, else 'Login failed'; no answer at all → 'An error occurred during login'.
  const formError = err.status === 0 ? 'An error occurred during login' : err.detail || 'Login failed';
  return data<LoginResult>(
    { errors: err.errors as FieldErrors, formError, email, challenge },
    { status: err.status || 502 },
  );
}

/**
 * Two steps when the account has two-factor sign-in on: the password post answers the page again
 * with the challenge in a hidden field and a code field; the code post finishes the sign-in. One
 * field takes the 6-digit code or a recovery code (the API tells them apart), so no script is needed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get('redirectTo'));
  const api = createApi(request, context);
  const challenge = form.get('challenge');
  if (typeof challenge === 'string' && challenge) {
    const email = String(form.get('email') ?? '');
    const code = String(form.get('code') ?? '').trim();
    if (!code) {
      return data<LoginResult>(
        { errors: { code: 'Enter the 6-digit code or a recovery code' }, formError: null, email, challenge },
        { status: 400 },
      );
    }
    const sixDigits = /^\d{6}$/.test(code.replace(/\s+/g, ''));
    try {
      const { token } = await api.auth.loginSecondStep({
        body: sixDigits ? { challenge, code } : { challenge, recovery_code: code },
      });
      return loggedIn(request, token, redirectTo);
    } catch (err) {
      // An expired or worn-out challenge needs the password again; a wrong code may be retried.
      const again = err instanceof ApiError && /expired|not found/i.test(err.detail) ? undefined : challenge;
      return failed(err, email, again);
    }
  }

  const values = formToObject(form, ['email', 'password']);
  const parsed = loginRequest.safeParse(values);
  if (!parsed.success) {
    return data<LoginResult>(
      { errors: fieldErrors(parsed.error), formError: null, email: values.email },
      { status: 400 },
    );
  }
  try {
    const step = await api.auth.login({
      body: { email: parsed.data.email, password: parsed.data.password },
    });
    if (needsSecondFactor(step))
      return data<LoginResult>({
        errors: {},
        formError: null,
        email: values.email,
        challenge: step.challenge,
      });
    return loggedIn(request, step.token, redirectTo);
  } catch (err) {
    return failed(err, values.email);
  }
}

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? actionData?.errors ?? {};
  const busy = navigation.state === 'submitting';
  const lang = usePageLang();
  const a = authTexts(lang);
  const t = a.login;

  if (actionData?.challenge) {
    return (
      <div className="container page-pad">
        <div className="card auth-card">
          <h1>{t.twoStepTitle}</h1>
          <p className="muted">{t.twoStepHelp}</p>
          {actionData.formError ? (
            <div className="form-error" role="alert">
              {say(lang, actionData.formError)}
            </div>
          ) : null}
          <Form method="post" noValidate>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <input type="hidden" name="challenge" value={actionData.challenge} />
            <input type="hidden" name="email" value={actionData.email} />
            <Field
              name="code"
              label={t.codeLabel}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              maxLength={40}
              error={actionData.errors?.code}
            />
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? t.verifying : t.verify}
            </button>
          </Form>
          <p className="muted small">
            <Link to={`/login${params.toString() ? `?${params}` : ''}`}>{t.startAgain}</Link>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="container page-pad">
      <div className="card auth-card">
        <h1>{t.title}</h1>
        <p className="muted">
          {t.or}
          <Link to={`/register${params.toString() ? `?${params}` : ''}`}>{t.createAccount}</Link>
        </p>
        {actionData?.formError ? (
          <div className="form-error" role="alert">
            {say(lang, actionData.formError)}
          </div>
        ) : null}
        <Form
          method="post"
          noValidate
          onSubmit={(e) => {
            // With JavaScript, check before the round trip; the action checks again either way.
            const parsed = loginRequest.safeParse(
              formToObject(new FormData(e.currentTarget), ['email', 'password']),
            );
            if (!parsed.success) {
              e.preventDefault();
              setClientErrors(fieldErrors(parsed.error));
            } else {
              setClientErrors(null);
            }
          }}
        >
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            name="email"
            label={a.email}
            type="email"
            autoComplete="email"
            defaultValue={actionData?.email ?? ''}
            error={errors.email}
          />
          <Field
            name="password"
            label={a.password}
            type="password"
            autoComplete="current-password"
            error={errors.password}
          />
          <p className="small" style={{ marginTop: '-0.25rem' }}>
            <Link to="/forgot-password">{t.forgot}</Link>
          </p>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? t.busy : t.submit}
          </button>
        </Form>
        <p className="muted small">
          {t.staff}
          <a href="/admin/login">{t.adminLogin}</a>
        </p>
      </div>
    </div>
  );
}
