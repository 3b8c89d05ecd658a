import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DeleteConfirmation } from '../components/delete-confirmation';
import { deleteAction, reportConfirmLoader } from '../utils/delete-route.server';
import { reportDeleteQuestion } from '../utils/panel-texts';
import { userTexts } from '../utils/user-texts';
import { usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = () => [{ title: 'Delete report | ReportSaathi' }];

/** The confirmation page for browsers without JavaScript (with it, a confirm dialog asks). */
export const loader = reportConfirmLoader('/user/reports');

export const action = deleteAction({
  fallback: '/user/reports',
  notFound: 'Report not found',
  success: 'Report deleted successfully',
  failure: 'Failed to delete report',
  remove: (api, id) => api.library.deleteReport({ params: { id } }),
});

export default function ConfirmReportDelete() {
  const { id, filename, back } = useLoaderData<typeof loader>();
  const lang = usePageLang();
  return (
    <DeleteConfirmation
      title={userTexts(lang).common.deleteReport}
      question={reportDeleteQuestion(filename, lang)}
      action={`/user/reports/${id}/delete`}
      back={back}
    />
  );
}
