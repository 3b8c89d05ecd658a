import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { passwordResetRequest } from '@reportsaathi/contracts';
import { Field } from '../components/field';
import { ApiError, createApi } from '../utils/api.server';
import { readLangCookie } from '../utils/cookies.server';
import { fieldErrors, formToObject, type FieldErrors } from '../utils/forms';
import { authTexts } from '../utils/auth-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${authTexts(metaLang(matches)).titles.forgot} | ReportSaathi` },
];

type Result = { errors: FieldErrors; formError: string | null; sent: string | null; email: string };

/**
 * Asks for a reset link by mail. The page says the same whether or not the address has an
 * account (the API answers alike), so it tells nobody who is registered.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = formToObject(await request.formData(), ['email']);
  const parsed = passwordResetRequest.safeParse(values);
  if (!parsed.success)
    return data<Result>(
      { errors: fieldErrors(parsed.error), formError: null, sent: null, email: values.email },
      { status: 400 },
    );
  try {
    // The mail in the language the page is read in (the header's choice).
    const res = await createApi(request, context).account.requestPasswordReset({
      body: { email: parsed.data.email, language: readLangCookie(request) ?? undefined },
    });
    return data<Result>({ errors: {}, formError: null, sent: res.message, email: values.email });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const formError = err.status === 0 ? 'Something went wrong. Please try again.' : err.detail;
    return data<Result>(
      { errors: err.errors, formError, sent: null, email: values.email },
      { status: err.status || 502 },
    );
  }
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
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
            {result?.formError ? (
              <div className="form-error" role="alert">
                {say(lang, result.formError)}
              </div>
            ) : null}
            <Form method="post" noValidate>
              <Field
                name="email"
                label={a.email}
                type="email"
                autoComplete="email"
                defaultValue={result?.email ?? ''}
                error={result?.errors.email}
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
