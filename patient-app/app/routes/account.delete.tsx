import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { permanentDeleteRequest } from '@reportsaathi/contracts/user';
import { DeleteAccountForm } from '../components/delete-account-form';
import { ApiError } from '../utils/api.server';
import { getUser, requireUser } from '../utils/auth.server';
import { clearTokenCookie, setFlashCookie } from '../utils/cookies.server';
import { fieldErrors, type FieldErrors } from '../utils/forms';

export const meta: MetaFunction = () => [{ title: 'Delete account | ReportSaathi' }];

const DELETED = 'Your account has been permanently deleted. You will be redirected to the home page.';

type Result =
  { deleted: true; exportJson: string } | { deleted?: false; errors?: FieldErrors; formError?: string };

/**
 * Permanent deletion (Profile Settings → Danger Zone posts here). Outside the panel on purpose:
 * once the account is gone no panel loader can run, yet the export made just before the deletion
 * must still be shown for download. The loader needs no session for the same reason.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: Boolean(await getUser(request, context)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const parsed = permanentDeleteRequest.safeParse({
    password: String(form.get('password') ?? ''),
    export_data: form.get('export_data') === 'on',
    confirmation: form.get('confirmation') === 'on',
  });
  if (!parsed.success) return data<Result>({ errors: fieldErrors(parsed.error) }, { status: 400 });
  let exported: unknown;
  try {
    exported = (await api.user.deletePermanently(parsed.data)).export_data;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const formError =
      err.status === 0 ? 'Failed to delete account' : err.detail || 'Failed to delete account';
    return data<Result>({ formError, errors: err.errors }, { status: err.status || 400 });
  }
  const headers = new Headers();
  headers.append('Set-Cookie', clearTokenCookie(request));
  if (!exported) {
    headers.append('Set-Cookie', setFlashCookie(request, { kind: 'info', message: DELETED }));
    return redirect('/', { headers });
  }
  // The export is offered here once; nothing of the account is kept anywhere, this page included.
  return data<Result>({ deleted: true, exportJson: JSON.stringify(exported, null, 2) }, { headers });
}

function Deleted({ json }: { json: string }) {
  const href = `data:application/json;charset=utf-8,${encodeURIComponent(json)}`;
  const name = `my_account_data_${new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)}.json`;
  return (
    <div className="card">
      <h1>Account deleted</h1>
      <p role="status">{DELETED}</p>
      <p>Your data was exported before the deletion. Download it now; it is not kept anywhere.</p>
      <div className="btn-row">
        <a className="btn btn-primary" href={href} download={name}>
          Download my data
        </a>
        <Link className="btn btn-outline" to="/" reloadDocument>
          Go to Home
        </Link>
      </div>
    </div>
  );
}

export default function DeleteAccount() {
  const { signedIn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  return (
    <div className="container narrow page-pad section-stack">
      {result?.deleted ? (
        <Deleted json={result.exportJson} />
      ) : signedIn ? (
        <div className="card danger-zone">
          <h1>Permanently Delete Account</h1>
          <DeleteAccountForm errors={result?.errors} formError={result?.formError} />
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
