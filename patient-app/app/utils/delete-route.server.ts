import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { ApiError, type Api } from './api.server';
import { apiRefusal } from './submit.server';
import { requireUser } from './auth.server';
import { setFlashCookie } from './cookies.server';
import { safeRedirect } from './redirect';

/**
 * The panel's delete routes (a report, a conversation, a report's conversations): the same id rule
 * and the same action — delete through the API, then back where the user came from with a flash.
 */
export const idOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

export function deleteAction(spec: {
  fallback: string;
  notFound: string;
  success: string;
  failure: string;
  remove: (api: Api, id: number) => Promise<unknown>;
}) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const { api } = await requireUser(request, context);
    const form = await request.formData();
    const back = safeRedirect(String(form.get('back') ?? ''), spec.fallback);
    const id = idOf(params.id);
    let flash: { kind: 'success' | 'error'; message: string } = { kind: 'success', message: spec.success };
    try {
      if (id === null) throw new ApiError(404, spec.notFound);
      await spec.remove(api, id);
    } catch (err) {
      flash = { kind: 'error', message: `${spec.failure}: ${apiRefusal(err).detail}` };
    }
    return redirect(back, { headers: { 'Set-Cookie': setFlashCookie(request, flash) } });
  };
}

/** The loader of a confirmation about one report: its file name, or 404 for another user's id. */
export function reportConfirmLoader(fallback: string) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    const { api } = await requireUser(request, context);
    const id = idOf(params.id);
    const back = safeRedirect(new URL(request.url).searchParams.get('back'), fallback);
    if (id === null) throw new Response('Report not found', { status: 404 });
    try {
      const report = await api.reports.get({ params: { id } });
      return { id, filename: report.original_filename, back };
    } catch (err) {
      if (apiRefusal(err).status === 404) throw new Response('Report not found', { status: 404 });
      throw err;
    }
  };
}
