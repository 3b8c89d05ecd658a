import { Form } from '@remix-run/react';
import type { ShareLink } from '@reportsaathi/contracts/share-links';
import { formatDateTime } from '../utils/format';
import type { ShareTexts } from '../utils/share-texts';
import { usePageLang } from '../utils/use-lang';

/**
 * The owner's share links with their state, views and last view; an active one can be turned off
 * (a plain form post to /share-links/{id}/revoke, which comes back to `back`).
 */
export function ShareLinksList({
  links,
  t,
  back,
  showReport,
}: {
  links: ShareLink[];
  t: ShareTexts;
  back: string;
  showReport?: boolean;
}) {
  const lang = usePageLang();
  if (links.length === 0) return <p className="muted small">{t.noLinks}</p>;
  return (
    <div className="table-wrap">
      <table className="data-table share-links">
        <thead>
          <tr>
            {showReport ? <th scope="col">{t.report}</th> : null}
            <th scope="col">{t.status}</th>
            <th scope="col">{t.expires}</th>
            <th scope="col">{t.views}</th>
            <th scope="col">{t.lastViewed}</th>
            <th scope="col">
              <span className="visually-hidden">{t.revoke}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((l) => (
            <tr key={l.id} data-share-link={l.id} data-status={l.status}>
              {showReport ? (
                <td data-label={t.report}>
                  <a href={`/analysis/${l.report_id}`}>{l.report_name}</a>
                </td>
              ) : null}
              <td data-label={t.status}>
                <span className={`badge badge-share-${l.status}`}>{t.statuses[l.status]}</span>
              </td>
              <td data-label={t.expires}>{formatDateTime(l.revoked_at ?? l.expires_at, lang)}</td>
              <td data-label={t.views}>{l.view_count}</td>
              <td data-label={t.lastViewed}>
                {l.last_viewed_at ? formatDateTime(l.last_viewed_at, lang) : t.never}
              </td>
              <td>
                {l.status === 'active' ? (
                  <Form method="post" action={`/share-links/${l.id}/revoke`} reloadDocument>
                    <input type="hidden" name="back" value={back} />
                    <button
                      type="submit"
                      className="btn btn-outline btn-sm"
                      aria-label={`${t.revoke}: ${l.report_name}`}
                    >
                      {t.revoke}
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
