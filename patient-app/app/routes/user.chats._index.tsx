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
} from '../utils/panel-texts';

export const meta: MetaFunction = () => [{ title: 'Chat History | ReportSaathi' }];

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
    const groups = await section(api.user.chatsByReport({ page }), 'Failed to fetch chats by report');
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
    api.user.chats({ ...filters, page, per_page: 20 }),
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

function ChatResponse({ text }: { text: string }) {
  if (text.length <= PREVIEW) return <p className="chat-text">{text}</p>;
  // Works without JavaScript: the full answer sits in a <details> behind 'Read more'.
  return (
    <div>
      <p className="chat-text">{text.slice(0, PREVIEW)}…</p>
      <details className="read-more">
        <summary>Read more</summary>
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

  return (
    <div>
      <div className="page-head">
        <h1>Chat History</h1>
        <div className="btn-row">
          <a
            className="btn btn-outline btn-sm"
            href={exportHref('json', { date_from: filters.date_from, date_to: filters.date_to })}
          >
            Export JSON
          </a>
          <a
            className="btn btn-outline btn-sm"
            href={exportHref('csv', { date_from: filters.date_from, date_to: filters.date_to })}
          >
            Export CSV
          </a>
        </div>
      </div>
      <nav className="tabs" aria-label="Chat views">
        <Link to="/user/chats" className="tab" aria-current={tab === 'all' ? 'page' : undefined}>
          All Chats
        </Link>
        <Link
          to="/user/chats?tab=by-report"
          className="tab"
          aria-current={tab === 'by-report' ? 'page' : undefined}
        >
          Grouped by Report
        </Link>
      </nav>

      {notice ? (
        <div className="form-info" role="status">
          {notice}
        </div>
      ) : null}
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}

      {tab === 'all' ? (
        <>
          <Form method="get" key={JSON.stringify(filters)} className="card filters" aria-label="Filter chats">
            <div className="filter-grid">
              <label>
                <span>Search messages</span>
                <input
                  type="search"
                  name="search"
                  defaultValue={filters.search ?? ''}
                  placeholder="Messages and responses"
                />
              </label>
              <label>
                <span>Report ID</span>
                <input
                  type="text"
                  name="report_id"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  defaultValue={filters.report_id ?? ''}
                />
              </label>
              <label>
                <span>From</span>
                <input type="date" name="date_from" defaultValue={filters.date_from ?? ''} />
              </label>
              <label>
                <span>To</span>
                <input type="date" name="date_to" defaultValue={filters.date_to ?? ''} />
              </label>
            </div>
            <div className="btn-row">
              <button type="submit" className="btn btn-primary btn-sm">
                Apply Filters
              </button>
              <Link to="/user/chats" className="btn btn-outline btn-sm">
                Clear Filters
              </Link>
            </div>
          </Form>
          {chats.length === 0 && !error ? (
            <div className="card empty">
              <h2>No conversations found</h2>
              <p className="muted">Open a report and ask a question to start a conversation.</p>
            </div>
          ) : null}
          <ul className="chat-cards">
            {chats.map((c) => (
              <li key={c.id} className="card chat-card">
                <div className="chat-card-head">
                  <h2 className="chat-card-title">Chat #{c.id}</h2>
                  <Link
                    to={byReport(c.report_id)}
                    className="small"
                    aria-label={`Show chats of ${c.report_filename}`}
                  >
                    {c.report_filename}
                  </Link>
                  <span className="muted small">{formatDateTime(c.created_at)}</span>
                </div>
                <p className="chat-label">Your Question:</p>
                <p className="chat-text">{c.message}</p>
                <p className="chat-label">AI Response:</p>
                {c.response ? (
                  <ChatResponse text={c.response} />
                ) : (
                  <p className="muted">No response yet - this conversation may be pending</p>
                )}
                <div className="btn-row">
                  <ConfirmButton
                    action={`/user/chats/${c.id}/delete`}
                    confirmUrl={`/user/chats/${c.id}/delete`}
                    title={CHAT_DELETE_TITLE}
                    question={CHAT_DELETE_QUESTION}
                    label="Delete"
                    ariaLabel={`Delete chat #${c.id}`}
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
          <h2>No conversations found</h2>
        </div>
      ) : (
        <ul className="chat-cards">
          {groups.map((g) => (
            <li key={g.report_id} className="card chat-card">
              <h2 className="chat-card-title">
                <Link to={byReport(g.report_id)}>{g.report_filename}</Link>
              </h2>
              <p className="muted small">
                Uploaded {formatDate(g.report_created_at)} · {g.chat_count} conversation
                {g.chat_count === 1 ? '' : 's'}
                {' · '}Last chat {formatDateTime(g.last_chat_date)}
              </p>
              <div className="btn-row">
                <Link to={byReport(g.report_id)} className="btn btn-outline btn-sm">
                  View All {g.chat_count} Conversations
                </Link>
                <a
                  className="btn btn-outline btn-sm"
                  href={exportHref('json', { report_id: g.report_id })}
                  aria-label={`Export chats of ${g.report_filename} as JSON`}
                >
                  JSON
                </a>
                <a
                  className="btn btn-outline btn-sm"
                  href={exportHref('csv', { report_id: g.report_id })}
                  aria-label={`Export chats of ${g.report_filename} as CSV`}
                >
                  CSV
                </a>
                <ConfirmButton
                  action={`/user/chats/by-report/${g.report_id}/delete`}
                  confirmUrl={`/user/chats/by-report/${g.report_id}/delete`}
                  title={CHATS_DELETE_ALL_TITLE}
                  question={chatsDeleteAllQuestion(g.report_filename)}
                  label="Delete All"
                  ariaLabel={`Delete all conversations of ${g.report_filename}`}
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
