import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { REPORT_STATUSES } from '@reportsaathi/contracts/constants';
import type { contract, QueryOf } from '@reportsaathi/contracts';
import type { ReportListItem } from '@reportsaathi/contracts/reports';
import { ConfirmButton } from '../components/confirm-form';
import { Pager } from '../components/pager';
import { StatusBadge } from '../components/status-badge';
import { requireUserWith } from '../utils/auth.server';
import { formatDate, formatReportType, formatSeconds, formatSize } from '../utils/format';
import { nextSort, pageNumber, pickParams, withParams } from '../utils/list-params';
import { section } from '../utils/load.server';
import { reportDeleteQuestion } from '../utils/panel-texts';
import { userTexts } from '../utils/user-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${userTexts(metaLang(matches)).reports.title} | ReportSaathi` },
];

const FILTERS = ['search', 'status', 'report_type', 'date_from', 'date_to'] as const;
const SORTS = { filename: true, file_size: true, created_at: true, updated_at: true };
type SortKey = keyof typeof SORTS;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const filters = pickParams(search, FILTERS);
  const sortBy: SortKey =
    (search.get('sort_by') ?? '') in SORTS ? (search.get('sort_by') as SortKey) : 'created_at';
  const sortOrder = search.get('sort_order') === 'asc' ? 'asc' : 'desc';
  const page = pageNumber(search.get('page') ?? undefined);
  const {
    data: [list, types],
  } = await requireUserWith(request, context, (api) =>
    Promise.all([
      section(
        api.library.reports({
          query: { ...filters, page, per_page: 20, sort_by: sortBy, sort_order: sortOrder } as QueryOf<
            (typeof contract)['library']['reports']
          >,
        }),
        'Failed to fetch reports',
      ),
      section(api.library.reportTypes(), 'Failed to fetch reports'),
    ]),
  );
  const reports: ReportListItem[] = list.data?.reports ?? [];
  return {
    filters,
    sort: { sort_by: sortBy, sort_order: sortOrder },
    page,
    reports: reports.map((r) => ({
      id: r.id,
      original_filename: r.original_filename,
      file_size: r.file_size,
      created_at: r.created_at,
      updated_at: r.updated_at,
      status: r.status,
      report_type: r.report_type,
      processing_time_seconds: r.processing_time_seconds,
    })),
    totalPages: list.data?.total_pages ?? 0,
    totalCount: list.data?.total_count ?? 0,
    types: (types.data?.report_types ?? []).map((t) => t.report_type).filter(Boolean),
    error: list.error,
  };
}

export default function MyReports() {
  const { filters, sort, page, reports, totalPages, totalCount, types, error } =
    useLoaderData<typeof loader>();
  const here = withParams('/user/reports', { ...filters, ...sort, page });
  const sortLink = (col: string) => withParams('/user/reports', { ...filters, ...nextSort(sort, col) });
  const pageLink = (p: number) => withParams('/user/reports', { ...filters, ...sort, page: p });
  const hasFilters = Object.keys(filters).length > 0;
  const lang = usePageLang();
  const u = userTexts(lang);
  const t = u.reports;

  return (
    <div>
      <h1>{t.title}</h1>
      <p className="muted">{t.intro(totalCount)}</p>
      <p>
        <a href={withParams('/user/export', { what: 'fhir', back: here })} className="btn btn-outline btn-sm">
          {t.fhirAll}
        </a>
      </p>

      {/* Changing a filter starts again at page 1: the form sends no page. */}
      <Form method="get" key={JSON.stringify(filters)} className="card filters" aria-label={t.filter}>
        <div className="filter-grid">
          <label>
            <span>{t.searchLabel}</span>
            <input
              type="search"
              name="search"
              defaultValue={filters.search ?? ''}
              placeholder={t.searchPlaceholder}
            />
          </label>
          <label>
            <span>{u.common.status}</span>
            <select name="status" defaultValue={filters.status ?? ''}>
              <option value="">{t.allStatuses}</option>
              {REPORT_STATUSES.filter((s) => s !== 'deleted').map((s) => (
                <option key={s} value={s}>
                  {u.common.statuses[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{u.common.type}</span>
            <select name="report_type" defaultValue={filters.report_type ?? ''}>
              <option value="">{t.allTypes}</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {formatReportType(t, lang)}
                </option>
              ))}
            </select>
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
        <input type="hidden" name="sort_by" value={sort.sort_by} />
        <input type="hidden" name="sort_order" value={sort.sort_order} />
        <div className="btn-row">
          <button type="submit" className="btn btn-primary btn-sm">
            {u.common.applyFilters}
          </button>
          <Link to="/user/reports" className="btn btn-outline btn-sm">
            {u.common.clearFilters}
          </Link>
        </div>
      </Form>

      {error ? (
        <div className="form-error" role="alert">
          {say(lang, error)}
        </div>
      ) : null}

      {reports.length === 0 && !error ? (
        <div className="card empty">
          <h2>{t.none}</h2>
          <p className="muted">{hasFilters ? t.tryFilters : t.uploadFirst}</p>
          <Link to="/upload" className="btn btn-primary">
            {t.upload}
          </Link>
          {/* A page past the end (a bookmark after deletions) still offers the pages that exist. */}
          <Pager page={page} totalPages={totalPages} totalCount={totalCount} noun="reports" href={pageLink} />
        </div>
      ) : reports.length > 0 ? (
        <div className="card">
          <div className="table-wrap">
            <table className="data-table stack">
              <caption className="visually-hidden">{t.caption}</caption>
              <thead>
                <tr>
                  {(Object.keys(SORTS) as SortKey[]).map((col) => (
                    <th
                      key={col}
                      scope="col"
                      aria-sort={
                        sort.sort_by === col
                          ? sort.sort_order === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                    >
                      <Link to={sortLink(col)} className="sort-link">
                        {t.sorts[col]}
                        {sort.sort_by === col ? (sort.sort_order === 'asc' ? ' ▲' : ' ▼') : ''}
                      </Link>
                    </th>
                  ))}
                  <th scope="col">{u.common.status}</th>
                  <th scope="col">{u.common.type}</th>
                  <th scope="col">{t.processingTime}</th>
                  <th scope="col">{t.actions}</th>
                </tr>
              </thead>
              <tbody>
                {reports.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">
                      <Link to={`/analysis/${r.id}`}>{r.original_filename}</Link>
                    </th>
                    <td data-label={t.size}>{formatSize(r.file_size, lang)}</td>
                    <td data-label={t.uploadedOn}>{formatDate(r.created_at, lang)}</td>
                    <td data-label={t.lastUpdated}>{formatDate(r.updated_at, lang)}</td>
                    <td>
                      <StatusBadge status={r.status} />
                    </td>
                    <td data-label={u.common.type}>
                      {r.report_type ? formatReportType(r.report_type, lang) : u.common.unknown}
                    </td>
                    <td data-label={t.processingTimeCell}>{formatSeconds(r.processing_time_seconds)}</td>
                    <td>
                      <div className="row-actions">
                        <a
                          href={withParams('/user/export', {
                            what: 'report',
                            id: r.id,
                            format: 'json',
                            back: here,
                          })}
                          className="btn btn-outline btn-sm"
                          aria-label={t.exportAs(r.original_filename, 'JSON')}
                        >
                          JSON
                        </a>
                        <a
                          href={withParams('/user/export', {
                            what: 'report',
                            id: r.id,
                            format: 'csv',
                            back: here,
                          })}
                          className="btn btn-outline btn-sm"
                          aria-label={t.exportAs(r.original_filename, 'CSV')}
                        >
                          CSV
                        </a>
                        {r.status === 'completed' ? (
                          <a
                            href={withParams('/user/export', { what: 'fhir', id: r.id, back: here })}
                            className="btn btn-outline btn-sm"
                            aria-label={t.exportAs(r.original_filename, 'FHIR R4')}
                          >
                            FHIR
                          </a>
                        ) : null}
                        <ConfirmButton
                          action={`/user/reports/${r.id}/delete`}
                          confirmUrl={`/user/reports/${r.id}/delete`}
                          question={reportDeleteQuestion(r.original_filename, lang)}
                          label={u.common.delete}
                          ariaLabel={t.deleteNamed(r.original_filename)}
                          back={here}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} totalPages={totalPages} totalCount={totalCount} noun="reports" href={pageLink} />
        </div>
      ) : null}
    </div>
  );
}
