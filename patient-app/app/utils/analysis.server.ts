import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { AppLoadContext } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import type { ChatMessage } from '@reportsaathi/contracts/reports';
import type { ShareLink } from '@reportsaathi/contracts/share-links';
import type { CreatedLink } from '../components/share-panel';
import { analysisPost } from './analysis-forms';
import { createApi } from './api.server';
import { requireUser } from './auth.server';
import { refusal } from './submit.server';

const notFound = () => new Response('Report not found', { status: 404 });

/** A report id from the address; a non-numeric one is simply a report that does not exist (404). */
export function parseReportId(raw: string | undefined): number {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw notFound();
  return Number(raw);
}

/**
 * /analysis/:id's data: the report (asked while the guard checks the session), its share links on
 * the analysis tab, the chat history on the chat tab, and what the last value form did.
 */
export async function analysisLoader(
  request: Request,
  context: AppLoadContext | undefined,
  rawId: string | undefined,
) {
  const id = Number(rawId);
  const tab = new URL(request.url).searchParams.get('tab') === 'chat' ? 'chat' : 'analysis';
  // What the last value form did (decision 243): said once, above the values.
  const valueDone =
    ({ saved: 'saved', undone: 'undone' } as const)[new URL(request.url).searchParams.get('value') ?? ''] ??
    null;
  // Ask for the report while the guard checks the session: one round trip instead of two.
  const fetching = /^\d{1,12}$/.test(rawId ?? '')
    ? createApi(request, context)
        .reports.get({ params: { id } })
        .then((report) => ({ report, failure: null as { status: number } | null }))
        .catch((err: unknown) => ({ report: null, failure: refusal(err, 'Failed to load report') }))
    : null;
  fetching?.catch(() => undefined); // the guard's redirect may win; never leave this rejection unhandled
  const { user, api } = await requireUser(request, context, 'Please log in to view your reports');
  parseReportId(rawId);
  // The report's share links, asked beside the report (an analysed report's analysis tab shows them).
  const linking =
    tab === 'analysis'
      ? api.shareLinks.forReport({ params: { id } }).then(
          (r) => r.links,
          () => [] as ShareLink[],
        )
      : Promise.resolve([] as ShareLink[]);
  const { report, failure } = await fetching!;
  const shareLinks = await linking;
  if (failure?.status === 404) throw notFound();
  if (!report)
    return {
      lang: user.preferences.language,
      tab,
      report: null,
      chats: [],
      shareLinks,
      error: 'Failed to load report',
      valueDone,
    };
  // The chat history is fetched only while the chat tab is open.
  let chats: ChatMessage[] = [];
  let error: string | null = null;
  if (tab === 'chat') {
    try {
      chats = (await api.chats.list({ params: { id } })).chats;
    } catch (err) {
      error = refusal(err, 'Failed to load the chat').message;
    }
  }
  return { lang: user.preferences.language, tab, report, chats, shareLinks, error, valueDone };
}

/** The first message of a refused form (what the page shows beside the button that sent it). */
function firstError(submission: Submission<unknown>): string | undefined {
  if (submission.status === 'success') return undefined;
  for (const messages of Object.values(submission.error ?? {})) if (messages?.[0]) return messages[0];
  return undefined;
}

/** The API call behind a button, its refusal as the page's message (others propagate). */
async function attempt<T>(
  work: () => Promise<T>,
  fallback: string,
): Promise<{ ok: true; value: T } | { ok: false; status: number; error: string }> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    const { status, message } = refusal(err, fallback);
    return { ok: false, status, error: message };
  }
}

/**
 * /analysis/:id's action: start the analysis, explain it again in the screen's language (decision
 * 241), a share link, the patient's own value and its undoing (decision 243), a chat message,
 * feedback on an answer. Value and chat posts answer post/redirect/get, with or without JavaScript.
 */
export async function analysisAction(request: Request, context: AppLoadContext | undefined, id: number) {
  const { api, user } = await requireUser(request, context, 'Please log in to view your reports');
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: analysisPost });
  const intent = String(form.get('intent') ?? '');
  if (submission.status !== 'success') {
    const error = firstError(submission) ?? 'Unknown action';
    const chatId = Number(form.get('chat_id')) || null;
    if (intent === 'feedback') return data({ intent, ok: false, error, chat_id: chatId }, { status: 400 });
    if (intent === 'share') return data({ intent, ok: false, error, created: null }, { status: 400 });
    if (intent === 'enter-value' || intent === 'undo-value')
      return data({ intent, ok: false, error, position: null }, { status: 400 });
    return data({ intent: intent || 'unknown', ok: false, error }, { status: 400 });
  }
  const post = submission.value;

  switch (post.intent) {
    case 'analyze': {
      const sent = await attempt(() => api.reports.analyze({ params: { id } }), 'Analysis failed');
      return sent.ok
        ? { intent, ok: true, error: null }
        : data({ intent, ok: false, error: sent.error }, { status: sent.status });
    }
    case 'explain': {
      const language = user.preferences.language === 'hi' ? 'hi' : 'en';
      const sent = await attempt(
        () => api.reports.explain({ params: { id }, body: { language } }),
        'Failed to explain the analysis',
      );
      return sent.ok
        ? { intent, ok: true, error: null }
        : data({ intent, ok: false, error: sent.error }, { status: sent.status });
    }
    case 'share': {
      // Who the patient is: shown only when ticked (decision 233).
      const { intent: _i, ...body } = post;
      const sent = await attempt(
        () => api.shareLinks.create({ params: { id }, body }),
        'Failed to create the link',
      );
      if (!sent.ok)
        return data({ intent, ok: false, error: sent.error, created: null }, { status: sent.status });
      const created: CreatedLink = { url: new URL(sent.value.path, request.url).href, pin: sent.value.pin };
      return { intent, ok: true, error: null, created };
    }
    case 'enter-value':
    case 'undo-value': {
      const { position } = post;
      const sent = await attempt(
        () =>
          post.intent === 'enter-value'
            ? api.reports.enterValue({ params: { id, position }, body: { value: post.value } })
            : api.reports.undoEnteredValue({ params: { id, position } }),
        'Something went wrong. Please try again.',
      );
      if (!sent.ok) return data({ intent, ok: false, error: sent.error, position }, { status: sent.status });
      const done = post.intent === 'enter-value' ? 'saved' : 'undone';
      return redirect(`/analysis/${id}?value=${done}#value-${position}`);
    }
    case 'chat': {
      const sent = await attempt(
        () => api.chats.send({ body: { report_id: id, message: post.message } }),
        'Failed to send message',
      );
      if (!sent.ok) return data({ intent, ok: false, error: sent.error }, { status: sent.status });
      // Post/redirect/get: the input is cleared and the history re-read, with or without JavaScript.
      return redirect(`/analysis/${id}?tab=chat`);
    }
    case 'feedback': {
      const chatId = post.chat_id ?? null; // which answer the result belongs to
      const sent = await attempt(
        () =>
          api.feedback.create({
            body: {
              report_id: id,
              chat_id: post.chat_id,
              rating: post.rating,
              comment: post.comment ?? undefined,
            },
          }),
        'Failed to send feedback',
      );
      return sent.ok
        ? { intent, ok: true, error: null, chat_id: chatId }
        : data({ intent, ok: false, error: sent.error, chat_id: chatId }, { status: sent.status });
    }
  }
}
