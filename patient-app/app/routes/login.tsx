import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { loginRequest, needsSecondFactor } from '@reportsaathi/contracts';
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Field } from '../components/field';
import { createApi } from '../utils/api.server';
import { secondFactorForm } from '../utils/auth-forms';
import { getUser } from '../utils/auth.server';
import { challengeGone, loggedIn, secondFactorBody } from '../utils/login.server';
import { submitToApi } from '../utils/submit.server';
import { formError, useSchemaForm } from '../utils/use-schema-form';
import { safeRedirect } from '../utils/redirect';
import { authTexts } from '../utils/auth-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';
import { FormError } from '../components/form-error';

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

/**
 * Two steps when the account has two-factor sign-in on: the password post answers the page again
 * with the challenge in a hidden field and a code field; the code post finishes the sign-in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get('redirectTo'));
  const api = createApi(request, context);

  if (form.get('challenge')) {
    const submission = parseWithZod(form, { schema: secondFactorForm });
    const challenge = String(form.get('challenge'));
    const email = String(form.get('email') ?? '');
    if (submission.status !== 'success')
      return data({ result: submission.reply(), email, challenge }, { status: 400 });
    const { code } = submission.value;
    const sent = await submitToApi(
      submission,
      () => api.auth.loginSecondStep({ body: secondFactorBody(challenge, code) }),
      { fallback: 'An error occurred during login', failed: 'Login failed', hideFields: ['code'] },
    );
    if (sent.ok) return loggedIn(request, sent.value.token, redirectTo);
    const again = challengeGone(sent.error.detail) ? undefined : challenge;
    return data({ result: sent.reply, email, challenge: again }, { status: sent.status });
  }

  const submission = parseWithZod(form, { schema: loginRequest });
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  const sent = await submitToApi(submission, () => api.auth.login({ body: submission.value }), {
    fallback: 'An error occurred during login',
    failed: 'Login failed',
    hideFields: ['password'],
  });
  if (!sent.ok) return data({ result: sent.reply }, { status: sent.status });
  if (needsSecondFactor(sent.value))
    return { result: null, email: submission.value.email, challenge: sent.value.challenge };
  return loggedIn(request, sent.value.token, redirectTo);
}

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const challenge = actionData && 'challenge' in actionData ? actionData.challenge : undefined;
  const [form, fields] = useSchemaForm(loginRequest, challenge ? null : actionData?.result, 'login');
  const [codeForm, codeFields] = useSchemaForm(
    secondFactorForm,
    challenge ? actionData?.result : null,
    'login-code',
  );
  const busy = navigation.state === 'submitting';
  const lang = usePageLang();
  const a = authTexts(lang);
  const t = a.login;

  if (challenge) {
    const codeError = formError(codeForm);
    return (
      <div className="container page-pad">
        <div className="card auth-card">
          <h1>{t.twoStepTitle}</h1>
          <p className="muted">{t.twoStepHelp}</p>
          {codeError ? (
            <div className="form-error" role="alert">
              {say(lang, codeError)}
            </div>
          ) : null}
          <Form method="post" {...getFormProps(codeForm)}>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <input type="hidden" name="challenge" value={challenge} />
            <input
              type="hidden"
              name="email"
              value={actionData && 'email' in actionData ? actionData.email : ''}
            />
            <Field
              name="code"
              label={t.codeLabel}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              maxLength={40}
              error={codeFields.code.errors?.[0]}
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
        <FormError form={form} />
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            name="email"
            label={a.email}
            type="email"
            autoComplete="email"
            defaultValue={fields.email.initialValue ?? ''}
            error={fields.email.errors?.[0]}
          />
          <Field
            name="password"
            label={a.password}
            type="password"
            autoComplete="current-password"
            error={fields.password.errors?.[0]}
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
