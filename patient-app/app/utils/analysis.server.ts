import { parseWithZod } from '@conform-to/zod/v4';
import type { AppLoadContext } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import type { ChatMessage } from '@reportsaathi/contracts/reports';
import type { ShareLink } from '@reportsaathi/contracts/share-links';
import { analysisPost, type AnalysisIntent, type AnalysisPost, type AnalysisReply } from './analysis-forms';
import { createApi, type Api } from './api.server';
import { requireUser } from './auth.server';
import { refusal, submitToApi } from './submit.server';

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

/** What each form shows when the API did not answer. */
const FALLBACK: Record<AnalysisIntent, string> = {
  analyze: 'Analysis failed',
  explain: 'Failed to explain the analysis',
  share: 'Failed to create the link',
  'enter-value': 'Something went wrong. Please try again.',
  'undo-value': 'Something went wrong. Please try again.',
  chat: 'Failed to send message',
  feedback: 'Failed to send feedback',
};

/** A whole number posted in a field (which value, which answer), or null. */
function wholeNumber(raw: FormDataEntryValue | null): number | null {
  return typeof raw === 'string' && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

/** The API call of one form: a redirect (value, chat: post/redirect/get) or what the page shows. */
async function send(
  request: Request,
  api: Api,
  language: 'en' | 'hi',
  id: number,
  post: AnalysisPost,
): Promise<Response | Pick<AnalysisReply, 'created' | 'done'>> {
  switch (post.intent) {
    case 'analyze':
      await api.reports.analyze({ params: { id } });
      return {};
    case 'explain':
      await api.reports.explain({ params: { id }, body: { language } });
      return {};
    case 'share': {
      // Who the patient is: shown only when ticked (decision 233).
      const { intent: _i, ...body } = post;
      const link = await api.shareLinks.create({ params: { id }, body });
      return { created: { url: new URL(link.path, request.url).href, pin: link.pin } };
    }
    case 'enter-value':
    case 'undo-value': {
      const { position } = post;
      if (post.intent === 'enter-value')
        await api.reports.enterValue({ params: { id, position }, body: { value: post.value } });
      else await api.reports.undoEnteredValue({ params: { id, position } });
      const done = post.intent === 'enter-value' ? 'saved' : 'undone';
      return redirect(`/analysis/${id}?value=${done}#value-${position}`);
    }
    case 'chat':
      await api.chats.send({ body: { report_id: id, message: post.message } });
      // Post/redirect/get: the input is cleared and the history re-read, with or without JavaScript.
      return redirect(`/analysis/${id}?tab=chat`);
    case 'feedback':
      await api.feedback.create({
        body: {
          report_id: id,
          chat_id: post.chat_id,
          rating: post.rating,
          comment: post.comment ?? undefined,
        },
      });
      return { done: true };
  }
}

/**
 * /analysis/:id's action: start the analysis, explain it again in the screen's language (decision
 * 241), a share link, the patient's own value and its undoing (decision 243), a chat message,
 * feedback on an answer. The post is checked by its form's schema (the browser ran the same one);
 * a refusal, the schema's or the API's, is the form's conform reply. Value and chat posts answer
 * post/redirect/get, with or without JavaScript.
 */
export async function analysisAction(request: Request, context: AppLoadContext | undefined, id: number) {
  const { api, user } = await requireUser(request, context, 'Please log in to view your reports');
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: analysisPost });
  const which = {
    intent: String(form.get('intent') ?? '') || 'unknown',
    position: wholeNumber(form.get('position')),
    chat_id: wholeNumber(form.get('chat_id')),
  };
  if (submission.status !== 'success')
    return data<AnalysisReply>({ ...which, result: submission.reply() }, { status: 400 });
  const post = submission.value;
  const language = user.preferences.language === 'hi' ? 'hi' : 'en';
  const sent = await submitToApi(submission, () => send(request, api, language, id, post), {
    fallback: FALLBACK[post.intent],
  });
  if (!sent.ok) return data<AnalysisReply>({ ...which, result: sent.reply }, { status: sent.status });
  if (sent.value instanceof Response) return sent.value;
  return data<AnalysisReply>({ ...which, result: submission.reply(), ...sent.value });
}
