import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '../utils/api.server';
import { apiRefusal } from '../utils/submit.server';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { userTexts } from '../utils/user-texts';
import { usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = () => [{ title: 'Delete report | ReportSaathi' }];

function reportId(raw: string | undefined): number | null {
  return raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

/** The confirmation step for browsers without JavaScript (with it, a confirm dialog does this job). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const id = reportId(params.id);
  if (id === null) throw new Response('Report not found', { status: 404 });
  try {
    const report = await api.reports.get({ params: { id } });
    return { id, filename: report.original_filename };
  } catch (err) {
    if (apiRefusal(err).status === 404) throw new Response('Report not found', { status: 404 });
    throw err;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const id = reportId(params.id);
  let flash: { kind: 'success' | 'error'; message: string } = {
    kind: 'success',
    message: 'Report deleted successfully',
  };
  try {
    if (id === null) throw new ApiError(404, 'Report not found');
    await api.reports.remove({ params: { id } });
  } catch (err) {
    apiRefusal(err);
    flash = { kind: 'error', message: 'Failed to delete report' };
  }
  return redirect('/dashboard', { headers: { 'Set-Cookie': setFlashCookie(request, flash) } });
}

export default function ConfirmDelete() {
  const { id, filename } = useLoaderData<typeof loader>();
  const t = userTexts(usePageLang()).common;
  return (
    <div className="container narrow page-pad">
      <div className="card">
        <h1>{t.deleteReport}</h1>
        <p>{t.deleteReportQuestion}</p>
        <p>
          <strong>{filename}</strong>
        </p>
        <Form method="post" action={`/reports/${id}/delete`} className="btn-row">
          <button type="submit" className="btn btn-danger">
            {t.delete}
          </button>
          <Link to="/dashboard" className="btn">
            {t.cancel}
          </Link>
        </Form>
      </div>
    </div>
  );
}
