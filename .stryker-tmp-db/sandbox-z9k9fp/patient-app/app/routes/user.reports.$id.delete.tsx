// @ts-nocheck
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '../utils/api.server';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { safeRedirect } from '../utils/redirect';
import { reportDeleteQuestion } from '../utils/panel-texts';

export const meta: MetaFunction = () => [{ title: 'Delete report | ReportSaathi' }];

const idOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

/** The confirmation page for browsers without JavaScript (with it, a confirm dialog asks). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const id = idOf(params.id);
  const back = safeRedirect(new URL(request.url).searchParams.get('back'), '/user/reports');
  if (id === null) throw new Response('Report not found', { status: 404 });
  try {
    const report = await api.reports.get(id);
    return { id, filename: report.original_filename, back };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      throw new Response('Report not found', { status: 404 });
    throw err;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const back = safeRedirect(String(form.get('back') ?? ''), '/user/reports');
  const id = idOf(params.id);
  let flash: { kind: 'success' | 'error'; message: string } = {
    kind: 'success',
    message: 'Report deleted successfully',
  };
  try {
    if (id === null) throw new ApiError(404, 'Report not found');
    await api.user.deleteReport(id);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    flash = { kind: 'error', message: `Failed to delete report: ${err.detail}` };
  }
  return redirect(back, { headers: { 'Set-Cookie': setFlashCookie(request, flash) } });
}

export default function ConfirmReportDelete() {
  const { id, filename, back } = useLoaderData<typeof loader>();
  return (
    <div className="card">
      <h1>Delete report</h1>
      <p>{reportDeleteQuestion(filename)}</p>
      <Form method="post" action={`/user/reports/${id}/delete`} className="btn-row">
        <input type="hidden" name="back" value={back} />
        <button type="submit" className="btn btn-danger">
          Delete
        </button>
        <Link to={back} className="btn">
          Cancel
        </Link>
      </Form>
    </div>
  );
}
