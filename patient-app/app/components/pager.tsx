import { Link } from '@remix-run/react';
import { usePageLang } from '../utils/use-lang';
import { userTexts } from '../utils/user-texts';

/** Up to five page numbers around the current page, clamped to 1..total. */
export function pageWindow(page: number, total: number, size = 5): number[] {
  if (total <= 0) return [];
  const half = Math.floor(size / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(total, start + size - 1);
  start = Math.max(1, end - size + 1);
  const out: number[] = [];
  for (let p = start; p <= end; p++) out.push(p);
  return out;
}

/** 'Showing page X of Y (N total …)', Previous, Next and up to five numbers; links keep the filters. */
export function Pager({
  page,
  totalPages,
  totalCount,
  noun,
  href,
}: {
  page: number;
  totalPages: number;
  totalCount: number;
  noun: string;
  href: (page: number) => string;
}) {
  const t = userTexts(usePageLang()).pager;
  if (totalPages <= 0) return null;
  return (
    <nav className="pager" aria-label={t.label}>
      <p className="muted small">{t.showing(page, totalPages, totalCount, t.nouns[noun] ?? noun)}</p>
      <div className="pager-links">
        {page > 1 ? (
          <Link to={href(page - 1)} className="btn btn-outline btn-sm" rel="prev">
            {t.previous}
          </Link>
        ) : (
          <span className="btn btn-outline btn-sm" aria-disabled="true">
            {t.previous}
          </span>
        )}
        {pageWindow(page, totalPages).map((p) =>
          p === page ? (
            <span key={p} className="btn btn-primary btn-sm" aria-current="page">
              {p}
            </span>
          ) : (
            <Link key={p} to={href(p)} className="btn btn-outline btn-sm" aria-label={t.page(p)}>
              {p}
            </Link>
          ),
        )}
        {page < totalPages ? (
          <Link to={href(page + 1)} className="btn btn-outline btn-sm" rel="next">
            {t.next}
          </Link>
        ) : (
          <span className="btn btn-outline btn-sm" aria-disabled="true">
            {t.next}
          </span>
        )}
      </div>
    </nav>
  );
}
