// @ts-nocheck
// 
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { loginRequest } from '@reportsaathi/contracts';
import { useState } from 'react';
import { Field } from '../components/field';
import { ApiError, createApi } from '../utils/api.server';
import { getUser } from '../utils/auth.server';
import { setFlashCookie, setTokenCookie } from '../utils/cookies.server';
import { fieldErrors, formToObject, type FieldErrors } from '../utils/forms';
import { safeRedirect } from '../utils/redirect';

export const meta: MetaFunction = () => [{ title: 'Sign in | ReportSaathi' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'));
  // Already signed in: nothing to do here.
  if (await getUser(request, context)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = formToObject(form, ['email', 'password']);
  const redirectTo = safeRedirect(form.get('redirectTo'));
  const parsed = loginRequest.safeParse(values);
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), formError: null, email: values.email }, { status: 400 });
  }
  try {
    const { token } = await createApi(request, context).auth.login(parsed.data.email, parsed.data.password);
    const headers = new Headers();
    headers.append('Set-Cookie', setTokenCookie(request, token));
    headers.append('Set-Cookie', setFlashCookie(request, { kind: 'success', message: 'Login successful!' }));
    return redirect(redirectTo, { headers });
  } catch (err) {
    if (err instanceof ApiError) {
      // SPEC §8: the server's message, else 'Login failed'; no answer at all → 'An error occurred during login'.
      const formError = err.status === 0 ? 'An error occurred during login' : err.detail || 'Login failed';
      return data(
        { errors: err.errors as FieldErrors, formError, email: values.email },
        { status: err.status || 502 },
      );
    }
    throw err;
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

  return (
    <div className="container page-pad">
      <div className="card auth-card">
        <h1>Sign in to your account</h1>
        <p className="muted">
          Or <Link to={`/register${params.toString() ? `?${params}` : ''}`}>create a new account</Link>
        </p>
        {actionData?.formError ? (
          <div className="form-error" role="alert">
            {actionData.formError}
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
            label="Email address"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.email ?? ''}
            error={errors.email}
          />
          <Field
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </Form>
        <p className="muted small">
          Staff member? <a href="/admin/login">Admin login</a>
        </p>
      </div>
    </div>
  );
}
