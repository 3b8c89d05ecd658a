import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { passwordResetRequest } from '@reportsaathi/contracts';
import { Field } from '../components/field';
import { createApi } from '../utils/api.server';
import { readLangCookie } from '../utils/cookies.server';
import { submitToApi } from '../utils/submit.server';
import { useSchemaForm } from '../utils/use-schema-form';
import { authTexts } from '../utils/auth-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';
import { FormError } from '../components/form-error';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${authTexts(metaLang(matches)).titles.forgot} | ReportSaathi` },
];

/** The form asks for the address only; the mail's language is the page's (the header's choice). */
const forgotForm = passwordResetRequest.pick({ email: true });

/**
 * Asks for a reset link by mail. The page says the same whether or not the address has an
 * account (the API answers alike), so it tells nobody who is registered.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotForm });
  if (submission.status !== 'success')
    return data({ result: submission.reply(), sent: null }, { status: 400 });
  const sent = await submitToApi(
    submission,
    () =>
      createApi(request, context).account.requestPasswordReset({
        body: { email: submission.value.email, language: readLangCookie(request) ?? undefined },
      }),
    { fallback: 'Something went wrong. Please try again.' },
  );
  if (!sent.ok) return data({ result: sent.reply, sent: null }, { status: sent.status });
  return { result: submission.reply(), sent: sent.value.message };
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(forgotForm, result?.result, 'forgot-password');
  const busy = useNavigation().state === 'submitting';
  const lang = usePageLang();
  const a = authTexts(lang);
  const t = a.forgot;
  return (
    <div className="container page-pad">
      <div className="card auth-card">
        <h1>{t.title}</h1>
        {result?.sent ? (
          <div className="notice notice-success" role="status">
            <p>{say(lang, result.sent)}</p>
            <p className="muted small">{t.noMail}</p>
          </div>
        ) : (
          <>
            <p className="muted">{t.intro}</p>
            <FormError form={form} />
            <Form method="post" {...getFormProps(form)}>
              <Field
                name="email"
                label={a.email}
                type="email"
                autoComplete="email"
                defaultValue={fields.email.initialValue ?? ''}
                error={fields.email.errors?.[0]}
              />
              <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                {busy ? t.busy : t.submit}
              </button>
            </Form>
          </>
        )}
        <p className="muted small">
          <Link to="/login">{t.back}</Link>
        </p>
      </div>
    </div>
  );
}
