import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DeleteConfirmation } from '../components/delete-confirmation';
import { requireUser } from '../utils/auth.server';
import { deleteAction, idOf } from '../utils/delete-route.server';
import { CHAT_DELETE_QUESTION, CHAT_DELETE_HI, CHAT_DELETE_TITLE } from '../utils/panel-texts';
import { safeRedirect } from '../utils/redirect';
import { usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = () => [{ title: `${CHAT_DELETE_TITLE} | ReportSaathi` }];

/** 'Delete Conversation' for browsers without JavaScript (with it, a confirm dialog asks). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const id = idOf(params.id);
  if (id === null) throw new Response('Conversation not found', { status: 404 });
  return { id, back: safeRedirect(new URL(request.url).searchParams.get('back'), '/user/chats') };
}

export const action = deleteAction({
  fallback: '/user/chats',
  notFound: 'Chat not found',
  success: 'Conversation deleted successfully',
  failure: 'Failed to delete chat(s)',
  remove: (api, id) => api.library.deleteChat({ params: { id } }),
});

export default function ConfirmChatDelete() {
  const { id, back } = useLoaderData<typeof loader>();
  const hi = usePageLang() === 'hi';
  return (
    <DeleteConfirmation
      title={hi ? CHAT_DELETE_HI.title : CHAT_DELETE_TITLE}
      question={hi ? CHAT_DELETE_HI.question : CHAT_DELETE_QUESTION}
      action={`/user/chats/${id}/delete`}
      back={back}
    />
  );
}
