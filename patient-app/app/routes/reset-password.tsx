import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { passwordResetForm } from '@reportsaathi/contracts';
import { Field } from '../components/field';
import { createApi } from '../utils/api.server';
import { clearTokenCookie, setFlashCookie } from '../utils/cookies.server';
import { submitToApi } from '../utils/submit.server';
import { useSchemaForm } from '../utils/use-schema-form';
import { authTexts } from '../utils/auth-texts';
import { metaLang, usePageLang } from '../utils/use-lang';
import { FormError } from '../components/form-error';

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
  const submission = parseWithZod(await request.formData(), { schema: passwordResetForm });
  const hideFields = ['new_password', 'confirm_password'];
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  const { token, new_password } = submission.value;
  const sent = await submitToApi(
    submission,
    () => createApi(request, context).account.confirmPasswordReset({ body: { token, new_password } }),
    { fallback: 'Something went wrong. Please try again.', hideFields },
  );
  if (!sent.ok) return data({ result: sent.reply }, { status: sent.status });
  // Every session of the account ended, this browser's included: sign in afresh.
  const headers = new Headers();
  headers.append('Set-Cookie', clearTokenCookie(request));
  headers.append('Set-Cookie', setFlashCookie(request, { kind: 'success', message: sent.value.message }));
  return redirect('/login', { headers });
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const lang = usePageLang();
  const t = authTexts(lang).reset;
  const [form, fields] = useSchemaForm(passwordResetForm, result?.result, 'reset-password');
  const linkBroken = Boolean(fields.token.errors?.length) || !token;
  return (
    <div className="container page-pad">
      <div className="card auth-card">
        <h1>{t.title}</h1>
        <FormError form={form} />
        {linkBroken ? (
          <p>
            {token ? null : t.needsLink}
            <Link to="/forgot-password">{t.newLink}</Link>
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="token" value={token} />
            <Field
              name="new_password"
              label={t.newPassword}
              type="password"
              autoComplete="new-password"
              error={fields.new_password.errors?.[0]}
            />
            <Field
              name="confirm_password"
              label={t.confirm}
              type="password"
              autoComplete="new-password"
              error={fields.confirm_password.errors?.[0]}
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
