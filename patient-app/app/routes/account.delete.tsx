import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { DeleteAccountForm, type FieldErrors } from '../components/delete-account-form';
import { REFUSALS } from '../utils/account-delete.server';
import { getUser } from '../utils/auth.server';
import { profileTexts } from '../utils/profile-texts';
import { usePageLang } from '../utils/use-lang';

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
  const t = profileTexts(usePageLang());
  return (
    <div className="container narrow page-pad section-stack">
      {signedIn ? (
        <div className="card danger-zone">
          <h1>{t.deleteAccount}</h1>
          <DeleteAccountForm errors={errors} formError={formError} />
          <p>
            <Link to="/user/profile">{t.backToProfile}</Link>
          </p>
        </div>
      ) : (
        <div className="card">
          <h1>{t.deleteTitle}</h1>
          <p>{t.notSignedIn}</p>
          <Link className="btn btn-primary" to="/login?redirectTo=%2Fuser%2Fprofile">
            {t.signIn}
          </Link>
        </div>
      )}
    </div>
  );
}
