import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { DeleteAccountForm } from '../components/delete-account-form';
import { REFUSALS } from '../utils/account-delete.server';
import { getUser } from '../utils/auth.server';
import type { FieldErrors } from '../utils/forms';

export const meta: MetaFunction = () => [{ title: 'Delete account | ReportSaathi' }];

/**
 * Permanent deletion's own page, outside the panel: Profile Settings' dialog posts to
 * /account/delete/submit, which answers with the export file (or goes home) on success and comes
 * back here with `?refused=` codes when it refuses. The loader needs no session: once the account
 * is gone no panel loader can run, and the form's script asks here whether the session is gone.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const errors: FieldErrors = {};
  let formError: string | undefined;
  for (const code of new URL(request.url).searchParams.get('refused')?.split(',') ?? []) {
    const r = REFUSALS[code];
    if (!r) continue;
    if (r.field === 'form') formError = r.message;
    else errors[r.field] ??= r.message;
  }
  return { signedIn: Boolean(await getUser(request, context)), errors, formError };
}

export default function DeleteAccount() {
  const { signedIn, errors, formError } = useLoaderData<typeof loader>();
  return (
    <div className="container narrow page-pad section-stack">
      {signedIn ? (
        <div className="card danger-zone">
          <h1>Permanently Delete Account</h1>
          <DeleteAccountForm errors={errors} formError={formError} />
          <p>
            <Link to="/user/profile">Back to Profile Settings</Link>
          </p>
        </div>
      ) : (
        <div className="card">
          <h1>Delete account</h1>
          <p>You are not signed in.</p>
          <Link className="btn btn-primary" to="/login?redirectTo=%2Fuser%2Fprofile">
            Sign in
          </Link>
        </div>
      )}
    </div>
  );
}
