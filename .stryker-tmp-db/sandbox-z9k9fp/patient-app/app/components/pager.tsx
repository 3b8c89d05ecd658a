// @ts-nocheck
import { Link } from '@remix-run/react';

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
  if (totalPages <= 0) return null;
  return (
    <nav className="pager" aria-label="Pagination">
      <p className="muted small">
        Showing page {page} of {totalPages} ({totalCount} total {noun})
      </p>
      <div className="pager-links">
        {page > 1 ? (
          <Link to={href(page - 1)} className="btn btn-outline btn-sm" rel="prev">
            Previous
          </Link>
        ) : (
          <span className="btn btn-outline btn-sm" aria-disabled="true">
            Previous
          </span>
        )}
        {pageWindow(page, totalPages).map((p) =>
          p === page ? (
            <span key={p} className="btn btn-primary btn-sm" aria-current="page">
              {p}
            </span>
          ) : (
            <Link key={p} to={href(p)} className="btn btn-outline btn-sm" aria-label={`Page ${p}`}>
              {p}
            </Link>
          ),
        )}
        {page < totalPages ? (
          <Link to={href(page + 1)} className="btn btn-outline btn-sm" rel="next">
            Next
          </Link>
        ) : (
          <span className="btn btn-outline btn-sm" aria-disabled="true">
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
