// @ts-nocheck
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '../utils/api.server';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { CHATS_DELETE_ALL_TITLE, chatsDeleteAllQuestion } from '../utils/panel-texts';
import { safeRedirect } from '../utils/redirect';

export const meta: MetaFunction = () => [{ title: `${CHATS_DELETE_ALL_TITLE} | ReportSaathi` }];

const idOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

/** 'Delete All Conversations' of one report, for browsers without JavaScript. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const id = idOf(params.id);
  const back = safeRedirect(new URL(request.url).searchParams.get('back'), '/user/chats?tab=by-report');
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
  const back = safeRedirect(String(form.get('back') ?? ''), '/user/chats?tab=by-report');
  const id = idOf(params.id);
  let flash: { kind: 'success' | 'error'; message: string } = {
    kind: 'success',
    message: 'Conversations deleted successfully',
  };
  try {
    if (id === null) throw new ApiError(404, 'Report not found');
    await api.user.deleteReportChats(id);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    flash = { kind: 'error', message: `Failed to delete chat(s): ${err.detail}` };
  }
  return redirect(back, { headers: { 'Set-Cookie': setFlashCookie(request, flash) } });
}

export default function ConfirmChatsDeleteAll() {
  const { id, filename, back } = useLoaderData<typeof loader>();
  return (
    <div className="card">
      <h1>{CHATS_DELETE_ALL_TITLE}</h1>
      <p>{chatsDeleteAllQuestion(filename)}</p>
      <Form method="post" action={`/user/chats/by-report/${id}/delete`} className="btn-row">
        <input type="hidden" name="back" value={back} />
        <button type="submit" className="btn btn-danger">
          Delete All
        </button>
        <Link to={back} className="btn">
          Cancel
        </Link>
      </Form>
    </div>
  );
}
