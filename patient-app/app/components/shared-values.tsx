import { shownValue } from '@reportsaathi/contracts/shown-value';
import type { SharedValue } from '@reportsaathi/contracts/share-links';
import type { Labels } from '../utils/i18n';
import type { ShareTexts } from '../utils/share-texts';
import { TrendChart } from './trend-chart';
import { FlagCell, RangeSource, ValuesHead } from './values-table';

// Out-of-range values first (critical, then the others, then normal); ties keep the printed order.
const RANK: Record<SharedValue['flag'], number> = {
  critical_high: 0,
  critical_low: 0,
  high: 1,
  low: 1,
  abnormal: 1,
  normal: 2,
};

export function abnormalFirst<T extends { flag: SharedValue['flag']; uncertain?: boolean }>(
  values: T[],
): T[] {
  return values
    .map((v, i) => ({ v, i }))
    .sort(
      (a, b) => (a.v.uncertain ? 0.5 : RANK[a.v.flag]) - (b.v.uncertain ? 0.5 : RANK[b.v.flag]) || a.i - b.i,
    )
    .map((x) => x.v);
}

export function rangeText(v: { ref_text: string; ref_low: number | null; ref_high: number | null }): string {
  if (v.ref_text) return v.ref_text;
  if (v.ref_low !== null && v.ref_high !== null) return `${v.ref_low} - ${v.ref_high}`;
  if (v.ref_low !== null) return `> ${v.ref_low}`;
  if (v.ref_high !== null) return `< ${v.ref_high}`;
  return '—';
}

/** A shared report's values: the table, then one chart per value with a trend. */
export function SharedValues({ values, t, st }: { values: SharedValue[]; t: Labels; st: ShareTexts }) {
  const sorted = abnormalFirst(values);
  const trends = sorted.filter((v) => v.trend.length >= 2);
  return (
    <>
      <section className="card" aria-labelledby="values-title">
        <h2 id="values-title">{t.values}</h2>
        <div className="table-wrap">
          <table className="values-table">
            <ValuesHead t={t} />
            <tbody>
              {sorted.map((v, i) => (
                <tr
                  key={`${v.canonical_id}-${i}`}
                  className={v.flag.startsWith('critical') ? 'row-critical' : undefined}
                >
                  <th scope="row" className="value-name">
                    {v.name}
                  </th>
                  <td data-label={t.value} className="value-cell">
                    {shownValue(v)}
                  </td>
                  <td data-label={t.unit}>{v.unit || '—'}</td>
                  <td data-label={t.range}>
                    {rangeText(v)}
                    <RangeSource v={v} t={t} />
                    {v.band ? <span className="muted small"> ({v.band})</span> : null}
                  </td>
                  <td data-label={t.flag} className="value-flag">
                    <FlagCell v={v} t={t} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {trends.length > 0 ? (
        <section className="card" aria-labelledby="trends-title">
          <h2 id="trends-title">{st.trendOf}</h2>
          {trends.map((v) => (
            <div key={v.canonical_id} className="shared-trend" data-trend={v.canonical_id}>
              <h3>{v.name}</h3>
              <TrendChart
                trend={{
                  analyte: v.canonical_id,
                  name: v.name,
                  unit: v.unit,
                  points: v.trend.map((p, i) => ({
                    report_id: i,
                    date: p.date,
                    value: p.value,
                    ref_low: p.ref_low,
                    ref_high: p.ref_high,
                    out_of_range: p.out_of_range,
                  })),
                }}
              />
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}
