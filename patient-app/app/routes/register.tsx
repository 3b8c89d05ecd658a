import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { registerForm, registerRequest } from '@reportsaathi/contracts';
import { useEffect, useState } from 'react';
import { Field } from '../components/field';
import { loadStoredSession } from '../utils/guest-api';
import { createApi } from '../utils/api.server';
import { getUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { submitToApi } from '../utils/submit.server';
import { useSchemaForm } from '../utils/use-schema-form';
import { authTexts } from '../utils/auth-texts';
import { metaLang, usePageLang } from '../utils/use-lang';
import { FormError } from '../components/form-error';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${authTexts(metaLang(matches)).titles.register} | ReportSaathi` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect('/dashboard');
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  // The guest session comes from this browser's storage: one that is not a session id is dropped,
  // not shown as an error on a field the visitor cannot see.
  if (!registerRequest.shape.guest_session_id.safeParse(form.get('guest_session_id')).success)
    form.delete('guest_session_id');
  const submission = parseWithZod(form, { schema: registerForm });
  const hideFields = ['password', 'confirm_password'];
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  // Unticked boxes are absent: consent is given, never assumed (decision 231). The analyses this
  // browser made as a guest move into the new account (decision 232).
  const { confirm_password: _confirm, ...body } = submission.value;
  const sent = await submitToApi(submission, () => createApi(request, context).auth.register({ body }), {
    fallback: 'An error occurred during registration',
    failed: 'Registration failed',
    hideFields,
  });
  if (!sent.ok) return data({ result: sent.reply }, { status: sent.status });
  return redirect('/login', {
    headers: {
      'Set-Cookie': setFlashCookie(request, {
        kind: 'success',
        message: 'Registration successful! Please login.',
      }),
    },
  });
}

export default function Register() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(registerForm, actionData?.result, 'register');
  const busy = navigation.state === 'submitting';
  const lang = usePageLang();
  const a = authTexts(lang);
  const t = a.register;
  // The guest session lives in this browser's storage: read after the page has loaded.
  const [guestSession, setGuestSession] = useState('');
  useEffect(() => {
    const id = loadStoredSession()?.session_id ?? '';
    // Only a well-formed id is sent: the schema would refuse any other on a field nobody sees.
    setGuestSession(registerRequest.shape.guest_session_id.safeParse(id).success ? id : '');
  }, []);

  return (
    <div className="container page-pad">
      <div className="card auth-card">
        <h1>{t.title}</h1>
        <p className="muted">
          {t.or}
          <Link to="/login">{t.signInExisting}</Link>
        </p>
        <FormError form={form} />
        <Form method="post" {...getFormProps(form)}>
          <Field
            name="full_name"
            label={t.fullName}
            autoComplete="name"
            defaultValue={fields.full_name.initialValue ?? ''}
            error={fields.full_name.errors?.[0]}
          />
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
            autoComplete="new-password"
            error={fields.password.errors?.[0]}
          />
          <Field
            name="confirm_password"
            label={t.confirmPassword}
            type="password"
            autoComplete="new-password"
            error={fields.confirm_password.errors?.[0]}
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
