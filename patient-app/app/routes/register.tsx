import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { registerForm } from '@reportsaathi/contracts';
import { useState } from 'react';
import { Field } from '../components/field';
import { ApiError, createApi } from '../utils/api.server';
import { getUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { fieldErrors, formToObject, type FieldErrors } from '../utils/forms';

export const meta: MetaFunction = () => [{ title: 'Create your account | ReportSaathi' }];

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
    await createApi(request, context).auth.register(email, password, full_name);
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

  return (
    <div className="container page-pad">
      <div className="card auth-card">
        <h1>Create your account</h1>
        <p className="muted">
          Or <Link to="/login">sign in to your existing account</Link>
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
            label="Full name"
            autoComplete="name"
            defaultValue={actionData?.values.full_name ?? ''}
            error={errors.full_name}
          />
          <Field
            name="email"
            label="Email address"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.values.email ?? ''}
            error={errors.email}
          />
          <Field
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
          />
          <Field
            name="confirm_password"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={errors.confirm_password}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Creating account…' : 'Create account'}
          </button>
        </Form>
        <p className="muted small">
          By registering you accept our <Link to="/terms-of-service">Terms of Service</Link> and{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>, and confirm you are 18 or older.
        </p>
      </div>
    </div>
  );
}
