import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { registerForm } from '@reportsaathi/contracts';
import { useEffect, useState } from 'react';
import { Field } from '../components/field';
import { loadStoredSession } from '../utils/guest-api';
import { ApiError, createApi } from '../utils/api.server';
import { getUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { fieldErrors, formToObject, type FieldErrors } from '../utils/forms';
import { authTexts } from '../utils/auth-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${authTexts(metaLang(matches)).titles.register} | ReportSaathi` },
];

const FIELDS = ['full_name', 'email', 'password', 'confirm_password'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect('/dashboard');
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = formToObject(form, FIELDS);
  const kept = { full_name: values.full_name, email: values.email };
  const parsed = registerForm.safeParse(values);
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), formError: null, values: kept }, { status: 400 });
  }
  try {
    const { email, password, full_name } = parsed.data;
    const guest = String(form.get('guest_session_id') ?? '');
    await createApi(request, context).auth.register({
      body: {
        email,
        password,
        full_name,
        language: form.get('language') === 'hi' ? 'hi' : 'en',
        // Ticked boxes only: consent is given, never assumed (decision 231).
        allow_data_for_training: form.get('allow_data_for_training') === 'on',
        share_usage_analytics: form.get('share_usage_analytics') === 'on',
        // The analyses this browser made as a guest move into the new account (decision 232).
        guest_session_id: /^[0-9a-f-]{36}$/i.test(guest) ? guest : undefined,
      },
    });
    // Success goes to /login with 'Registration successful! Please login.'
    return redirect('/login', {
      headers: {
        'Set-Cookie': setFlashCookie(request, {
          kind: 'success',
          message: 'Registration successful! Please login.',
        }),
      },
    });
  } catch (err) {
    if (err instanceof ApiError) {
      const formError =
        err.status === 0 ? 'An error occurred during registration' : err.detail || 'Registration failed';
      return data(
        { errors: err.errors as FieldErrors, formError, values: kept },
        { status: err.status || 502 },
      );
    }
    throw err;
  }
}

export default function Register() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? actionData?.errors ?? {};
  const busy = navigation.state === 'submitting';
  const lang = usePageLang();
  const a = authTexts(lang);
  const t = a.register;
  // The guest session lives in this browser's storage: read after the page has loaded.
  const [guestSession, setGuestSession] = useState('');
  useEffect(() => setGuestSession(loadStoredSession()?.session_id ?? ''), []);

  return (
    <div className="container page-pad">
      <div className="card auth-card">
        <h1>{t.title}</h1>
        <p className="muted">
          {t.or}
          <Link to="/login">{t.signInExisting}</Link>
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
            const parsed = registerForm.safeParse(formToObject(new FormData(e.currentTarget), FIELDS));
            if (!parsed.success) {
              e.preventDefault();
              setClientErrors(fieldErrors(parsed.error));
            } else {
              setClientErrors(null);
            }
          }}
        >
          <Field
            name="full_name"
            label={t.fullName}
            autoComplete="name"
            defaultValue={actionData?.values.full_name ?? ''}
            error={errors.full_name}
          />
          <Field
            name="email"
            label={a.email}
            type="email"
            autoComplete="email"
            defaultValue={actionData?.values.email ?? ''}
            error={errors.email}
          />
          <Field
            name="password"
            label={a.password}
            type="password"
            autoComplete="new-password"
            error={errors.password}
          />
          <Field
            name="confirm_password"
            label={t.confirmPassword}
            type="password"
            autoComplete="new-password"
            error={errors.confirm_password}
          />
          <div className="field">
            <label htmlFor="f-language">{t.language}</label>
            <select id="f-language" name="language" defaultValue={lang}>
              <option value="en">English</option>
              <option value="hi">Hindi (हिन्दी)</option>
            </select>
          </div>
          <fieldset>
            <legend>{t.choices}</legend>
            {(['allow_data_for_training', 'share_usage_analytics'] as const).map((k) => (
              <div key={k}>
                <label className="check-row">
                  <input type="checkbox" name={k} aria-describedby={`${k}-help`} />
                  <span>{a.consent[k].label}</span>
                </label>
                <p className="muted small consent-help" id={`${k}-help`}>
                  {a.consent[k].help}
                </p>
              </div>
            ))}
            <p className="muted small">{a.consent.footnote}</p>
          </fieldset>
          {guestSession ? (
            <>
              <input type="hidden" name="guest_session_id" value={guestSession} />
              <p className="form-info small">{t.guestKept}</p>
            </>
          ) : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? t.busy : t.submit}
          </button>
        </Form>
        <p className="muted small">
          {t.acceptStart}
          <Link to="/terms-of-service">{t.terms}</Link>
          {t.and}
          <Link to="/privacy-policy">{t.privacy}</Link>
          {t.acceptEnd}
        </p>
      </div>
    </div>
  );
}
