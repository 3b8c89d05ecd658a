import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ConfirmButton } from '../components/confirm-form';
import { Pager } from '../components/pager';
import { requireUser } from '../utils/auth.server';
import { formatDate, formatDateTime } from '../utils/format';
import { pageNumber, pickParams, withParams } from '../utils/list-params';
import { section } from '../utils/load.server';
import {
  CHAT_DELETE_QUESTION,
  CHAT_DELETE_TITLE,
  CHATS_DELETE_ALL_TITLE,
  chatsDeleteAllQuestion,
  CHAT_DELETE_HI,
} from '../utils/panel-texts';
import { userTexts } from '../utils/user-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${userTexts(metaLang(matches)).chats.title} | ReportSaathi` },
];

const FILTERS = ['search', 'report_id', 'date_from', 'date_to'] as const;
const PREVIEW = 300;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const search = new URL(request.url).searchParams;
  const tab = search.get('tab') === 'by-report' ? 'by-report' : 'all';
  const filters = pickParams(search, FILTERS);
  // The report filter takes numbers only; anything else is dropped with a note instead of a failed page.
  let notice: string | null = null;
  if (filters.report_id && !/^\d{1,10}$/.test(filters.report_id)) {
    delete filters.report_id;
    notice = 'Report ID must be a number.';
  }
  const page = pageNumber(search.get('page') ?? undefined);
  if (tab === 'by-report') {
    // Paged like the lists: a patient with thousands of reports gets them 20 at a time.
    const groups = await section(
      api.library.chatsByReport({ query: { page } }),
      'Failed to fetch chats by report',
    );
    return {
      tab,
      filters,
      page,
      notice,
      chats: [],
      totalPages: groups.data?.total_pages ?? 0,
      totalCount: groups.data?.total_count ?? 0,
      groups: groups.data?.reports ?? [],
      error: groups.error,
    };
  }
  const list = await section(
    api.library.chats({ query: { ...filters, page, per_page: 20 } }),
    'Failed to fetch chat history',
  );
  return {
    tab,
    filters,
    page,
    notice,
    chats: (list.data?.chats ?? []).map((c) => ({
      id: c.id,
      report_id: c.report_id,
      report_filename: c.report_filename,
      message: c.message,
      response: c.response,
      created_at: c.created_at,
    })),
    totalPages: list.data?.total_pages ?? 0,
    totalCount: list.data?.total_count ?? 0,
    groups: [],
    error: list.error,
  };
}

function ChatResponse({ text, more }: { text: string; more: string }) {
  if (text.length <= PREVIEW) return <p className="chat-text">{text}</p>;
  // Works without JavaScript: the full answer sits in a <details> behind 'Read more'.
  return (
    <div>
      <p className="chat-text">{text.slice(0, PREVIEW)}…</p>
      <details className="read-more">
        <summary>{more}</summary>
        <p className="chat-text">{text}</p>
      </details>
    </div>
  );
}

export default function ChatHistory() {
  const { tab, filters, page, notice, chats, totalPages, totalCount, groups, error } =
    useLoaderData<typeof loader>();
  const here = withParams('/user/chats', { tab: tab === 'all' ? undefined : tab, ...filters, page });
  const byReport = (id: number) => withParams('/user/chats', { report_id: id });
  const exportHref = (format: string, extra: Record<string, string | number | undefined> = {}) =>
    withParams('/user/export', { what: 'chats', format, back: here, ...extra });
  const lang = usePageLang();
  const u = userTexts(lang);
  const t = u.chats;
  const hi = lang === 'hi';

  return (
    <div>
      <div className="page-head">
        <h1>{t.title}</h1>
        <div className="btn-row">
          <a
            className="btn btn-outline btn-sm"
            href={exportHref('json', { date_from: filters.date_from, date_to: filters.date_to })}
          >
            {t.exportJson}
          </a>
          <a
            className="btn btn-outline btn-sm"
            href={exportHref('csv', { date_from: filters.date_from, date_to: filters.date_to })}
          >
            {t.exportCsv}
          </a>
        </div>
      </div>
      <nav className="tabs" aria-label={t.views}>
        <Link to="/user/chats" className="tab" aria-current={tab === 'all' ? 'page' : undefined}>
          {t.all}
        </Link>
        <Link
          to="/user/chats?tab=by-report"
          className="tab"
          aria-current={tab === 'by-report' ? 'page' : undefined}
        >
          {t.byReport}
        </Link>
      </nav>

      {notice ? (
        <div className="form-info" role="status">
          {hi && notice ? t.reportIdNumber : notice}
        </div>
      ) : null}
      {error ? (
        <div className="form-error" role="alert">
          {say(lang, error)}
        </div>
      ) : null}

      {tab === 'all' ? (
        <>
          <Form method="get" key={JSON.stringify(filters)} className="card filters" aria-label={t.filter}>
            <div className="filter-grid">
              <label>
                <span>{t.search}</span>
                <input
                  type="search"
                  name="search"
                  defaultValue={filters.search ?? ''}
                  placeholder={t.searchPlaceholder}
                />
              </label>
              <label>
                <span>{t.reportId}</span>
                <input
                  type="text"
                  name="report_id"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  defaultValue={filters.report_id ?? ''}
                />
              </label>
              <label>
                <span>{u.common.from}</span>
                <input type="date" name="date_from" defaultValue={filters.date_from ?? ''} />
              </label>
              <label>
                <span>{u.common.to}</span>
                <input type="date" name="date_to" defaultValue={filters.date_to ?? ''} />
              </label>
            </div>
            <div className="btn-row">
              <button type="submit" className="btn btn-primary btn-sm">
                {u.common.applyFilters}
              </button>
              <Link to="/user/chats" className="btn btn-outline btn-sm">
                {u.common.clearFilters}
              </Link>
            </div>
          </Form>
          {chats.length === 0 && !error ? (
            <div className="card empty">
              <h2>{t.none}</h2>
              <p className="muted">{t.startHint}</p>
            </div>
          ) : null}
          <ul className="chat-cards">
            {chats.map((c) => (
              <li key={c.id} className="card chat-card">
                <div className="chat-card-head">
                  <h2 className="chat-card-title">{t.chat(c.id)}</h2>
                  <Link
                    to={byReport(c.report_id)}
                    className="small"
                    aria-label={t.showChatsOf(c.report_filename)}
                  >
                    {c.report_filename}
                  </Link>
                  <span className="muted small">{formatDateTime(c.created_at, lang)}</span>
                </div>
                <p className="chat-label">{t.question}</p>
                <p className="chat-text">{c.message}</p>
                <p className="chat-label">{t.answer}</p>
                {c.response ? (
                  <ChatResponse text={c.response} more={t.readMore} />
                ) : (
                  <p className="muted">{t.noAnswer}</p>
                )}
                <div className="btn-row">
                  <ConfirmButton
                    action={`/user/chats/${c.id}/delete`}
                    confirmUrl={`/user/chats/${c.id}/delete`}
                    title={hi ? CHAT_DELETE_HI.title : CHAT_DELETE_TITLE}
                    question={hi ? CHAT_DELETE_HI.question : CHAT_DELETE_QUESTION}
                    label={u.common.delete}
                    ariaLabel={t.deleteChat(c.id)}
                    back={here}
                  />
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            totalPages={totalPages}
            totalCount={totalCount}
            noun="conversations"
            href={(p) => withParams('/user/chats', { ...filters, page: p })}
          />
        </>
      ) : groups.length === 0 && !error ? (
        <div className="card empty">
          <h2>{t.none}</h2>
        </div>
      ) : (
        <ul className="chat-cards">
          {groups.map((g) => (
            <li key={g.report_id} className="card chat-card">
              <h2 className="chat-card-title">
                <Link to={byReport(g.report_id)}>{g.report_filename}</Link>
              </h2>
              <p className="muted small">
                {t.groupLine(
                  formatDate(g.report_created_at, lang),
                  g.chat_count,
                  formatDateTime(g.last_chat_date, lang),
                )}
              </p>
              <div className="btn-row">
                <Link to={byReport(g.report_id)} className="btn btn-outline btn-sm">
                  {t.viewAll(g.chat_count)}
                </Link>
                <a
                  className="btn btn-outline btn-sm"
                  href={exportHref('json', { report_id: g.report_id })}
                  aria-label={t.exportChatsOf(g.report_filename, 'JSON')}
                >
                  JSON
                </a>
                <a
                  className="btn btn-outline btn-sm"
                  href={exportHref('csv', { report_id: g.report_id })}
                  aria-label={t.exportChatsOf(g.report_filename, 'CSV')}
                >
                  CSV
                </a>
                <ConfirmButton
                  action={`/user/chats/by-report/${g.report_id}/delete`}
                  confirmUrl={`/user/chats/by-report/${g.report_id}/delete`}
                  title={hi ? CHAT_DELETE_HI.allTitle : CHATS_DELETE_ALL_TITLE}
                  question={
                    hi ? CHAT_DELETE_HI.all(g.report_filename) : chatsDeleteAllQuestion(g.report_filename)
                  }
                  label={t.deleteAll}
                  ariaLabel={t.deleteAllOf(g.report_filename)}
                  back={here}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {tab === 'by-report' && groups.length > 0 ? (
        <Pager
          page={page}
          totalPages={totalPages}
          totalCount={totalCount}
          noun="reports with chats"
          href={(p) => withParams('/user/chats', { tab, page: p })}
        />
      ) : null}
    </div>
  );
}
