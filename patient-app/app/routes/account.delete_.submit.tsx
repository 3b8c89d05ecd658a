import type { ActionFunctionArgs } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { permanentDeleteRequest, USER_MESSAGES } from '@reportsaathi/contracts/user';
import { DELETED } from '../utils/account-delete.server';
import { refusal } from '../utils/submit.server';
import { requireUser } from '../utils/auth.server';
import { clearTokenCookie, setFlashCookie } from '../utils/cookies.server';
import { streamDownload, today } from '../utils/download.server';

const refused = (codes: string[]) => redirect(`/account/delete?refused=${codes.join(',')}`);

/** GET has nothing to show: the form lives on /account/delete. */
export const loader = () => redirect('/account/delete');

/**
 * Permanent deletion (a resource route: its answer is either a redirect or the export file).
 * With 'Export my data before deletion' the API's export is streamed straight through to the
 * browser as my_account_data_{date}.json, and the API deletes the account once the whole export
 * has been written (decision 068): neither process holds the file. The same answer signs the
 * browser out and leaves the deletion message for the next page. A refusal (no password, box not
 * ticked, wrong password) goes back to /account/delete, which shows the form with its message.
 */
/**
 * The form's post: the API's request, except that an unticked confirmation (absent from the post)
 * is a refusal here, where the API, called only once the box is ticked, takes it as given.
 */
const deleteForm = permanentDeleteRequest.extend({
  confirmation: z
    .boolean({ error: USER_MESSAGES.deleteConfirmRequired })
    .default(false)
    .refine((v) => v, USER_MESSAGES.deleteConfirmRequired),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: deleteForm });
  if (submission.status !== 'success')
    return refused(Object.keys(submission.error ?? {}).filter((k) => submission.error?.[k]));
  const post = submission.value;
  const headers = new Headers();
  headers.append('Set-Cookie', clearTokenCookie(request));
  headers.append('Set-Cookie', setFlashCookie(request, { kind: 'info', message: DELETED }));
  try {
    if (!post.export_data) {
      await api.accountDeletion.permanent({ body: post });
      return redirect('/', { headers });
    }
    const file = await api.accountDeletion.permanent.raw({
      body: { ...post, export_data: true, download: true },
    });
    return streamDownload(file, `my_account_data_${today()}.json`, {
      rename: true,
      cookies: headers.getSetCookie(),
    });
  } catch (err) {
    const { message, error } = refusal(err, 'Failed to delete account');
    if (error.detail === USER_MESSAGES.deletePasswordWrong) return refused(['password_wrong']);
    // Any other refusal: the server's own message, as a toast on the form's page.
    return redirect('/account/delete?refused=failed', {
      headers: {
        'Set-Cookie': setFlashCookie(request, {
          kind: 'error',
          message,
        }),
      },
    });
  }
}
