import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireUser } from '../utils/auth.server';
import { formatDate } from '../utils/format';
import { section } from '../utils/load.server';
import { userTexts } from '../utils/user-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${userTexts(metaLang(matches)).search.title} | ReportSaathi` },
];

/** The top bar's search: the user's own reports and chats that match, 20 at most. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
  if (!q) return { q, reports: [], chats: [], error: null };
  const found = await section(
    api.library.search({ query: { query: q, data_types: ['reports', 'chats'], limit: 20 } }),
    'Search failed',
  );
  return { q, reports: found.data?.reports ?? [], chats: found.data?.chats ?? [], error: found.error };
}

export default function SearchResults() {
  const { q, reports, chats, error } = useLoaderData<typeof loader>();
  const lang = usePageLang();
  const t = userTexts(lang).search;
  return (
    <div>
      <h1>{t.results}</h1>
      {!q ? <p className="muted">{t.hint}</p> : null}
      {error ? (
        <div className="form-error" role="alert">
          {say(lang, error)}
        </div>
      ) : null}
      {q && !error ? <p className="muted">{t.count(reports.length + chats.length, q)}</p> : null}
      {q ? (
        <div className="grid grid-2">
          <section className="card" aria-labelledby="sr-reports">
            <h2 id="sr-reports">{t.reports(reports.length)}</h2>
            {reports.length === 0 ? (
              <p className="muted">{t.noReports}</p>
            ) : (
              <ul className="hit-list">
                {reports.map((r) => (
                  <li key={r.id}>
                    <Link to={`/analysis/${r.id}`}>{r.filename}</Link>
                    {r.created_at ? (
                      <span className="muted small"> · {formatDate(r.created_at, lang)}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card" aria-labelledby="sr-chats">
            <h2 id="sr-chats">{t.chats(chats.length)}</h2>
            {chats.length === 0 ? (
              <p className="muted">{t.noChats}</p>
            ) : (
              <ul className="hit-list">
                {chats.map((c) => (
                  <li key={c.id}>
                    <Link to={`/user/chats?report_id=${c.report_id}`}>{t.chat(c.id)}</Link>
                    <span className="block small">{c.message.slice(0, 140)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </div>
  );
}
