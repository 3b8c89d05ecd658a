import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DeleteConfirmation } from '../components/delete-confirmation';
import { deleteAction, reportConfirmLoader } from '../utils/delete-route.server';
import { CHAT_DELETE_HI, CHATS_DELETE_ALL_TITLE, chatsDeleteAllQuestion } from '../utils/panel-texts';
import { usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = () => [{ title: `${CHATS_DELETE_ALL_TITLE} | ReportSaathi` }];

/** 'Delete All Conversations' of one report, for browsers without JavaScript. */
export const loader = reportConfirmLoader('/user/chats?tab=by-report');

export const action = deleteAction({
  fallback: '/user/chats?tab=by-report',
  notFound: 'Report not found',
  success: 'Conversations deleted successfully',
  failure: 'Failed to delete chat(s)',
  remove: (api, id) => api.library.deleteReportChats({ params: { id } }),
});

export default function ConfirmChatsDeleteAll() {
  const { id, filename, back } = useLoaderData<typeof loader>();
  const hi = usePageLang() === 'hi';
  return (
    <DeleteConfirmation
      title={hi ? CHAT_DELETE_HI.allTitle : CHATS_DELETE_ALL_TITLE}
      question={hi ? CHAT_DELETE_HI.all(filename) : chatsDeleteAllQuestion(filename)}
      action={`/user/chats/by-report/${id}/delete`}
      back={back}
      confirm={hi ? 'सभी हटाएँ' : 'Delete All'}
    />
  );
}
