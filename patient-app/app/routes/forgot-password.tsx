import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { passwordResetRequest } from '@reportsaathi/contracts';
import { Field } from '../components/field';
import { ApiError, createApi } from '../utils/api.server';
import { fieldErrors, formToObject, type FieldErrors } from '../utils/forms';

export const meta: MetaFunction = () => [{ title: 'Forgot your password? | ReportSaathi' }];

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
    const res = await createApi(request, context).account.requestPasswordReset(parsed.data.email);
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
  return (
    <div className="container page-pad">
      <div className="card auth-card">
        <h1>Forgot your password?</h1>
        {result?.sent ? (
          <div className="notice notice-success" role="status">
            <p>{result.sent}</p>
            <p className="muted small">No mail? Look in your spam folder, or try again in a few minutes.</p>
          </div>
        ) : (
          <>
            <p className="muted">
              Enter the e-mail address you sign in with. We will mail you a link to choose a new password.
            </p>
            {result?.formError ? (
              <div className="form-error" role="alert">
                {result.formError}
              </div>
            ) : null}
            <Form method="post" noValidate>
              <Field
                name="email"
                label="Email address"
                type="email"
                autoComplete="email"
                defaultValue={result?.email ?? ''}
                error={result?.errors.email}
              />
              <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                {busy ? 'Sending…' : 'Send me a link'}
              </button>
            </Form>
          </>
        )}
        <p className="muted small">
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </div>
  );
}
