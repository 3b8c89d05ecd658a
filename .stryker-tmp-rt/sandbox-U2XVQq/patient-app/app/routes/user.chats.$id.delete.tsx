// @ts-nocheck
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '../utils/api.server';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { CHAT_DELETE_QUESTION, CHAT_DELETE_TITLE } from '../utils/panel-texts';
import { safeRedirect } from '../utils/redirect';

export const meta: MetaFunction = () => [{ title: `${CHAT_DELETE_TITLE} | ReportSaathi` }];

const idOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

/** 'Delete Conversation' for browsers without JavaScript (with it, a confirm dialog asks). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const id = idOf(params.id);
  if (id === null) throw new Response('Conversation not found', { status: 404 });
  return { id, back: safeRedirect(new URL(request.url).searchParams.get('back'), '/user/chats') };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const back = safeRedirect(String(form.get('back') ?? ''), '/user/chats');
  const id = idOf(params.id);
  let flash: { kind: 'success' | 'error'; message: string } = {
    kind: 'success',
    message: 'Conversation deleted successfully',
  };
  try {
    if (id === null) throw new ApiError(404, 'Chat not found');
    await api.user.deleteChat(id);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    flash = { kind: 'error', message: `Failed to delete chat(s): ${err.detail}` };
  }
  return redirect(back, { headers: { 'Set-Cookie': setFlashCookie(request, flash) } });
}

export default function ConfirmChatDelete() {
  const { id, back } = useLoaderData<typeof loader>();
  return (
    <div className="card">
      <h1>{CHAT_DELETE_TITLE}</h1>
      <p>{CHAT_DELETE_QUESTION}</p>
      <Form method="post" action={`/user/chats/${id}/delete`} className="btn-row">
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
