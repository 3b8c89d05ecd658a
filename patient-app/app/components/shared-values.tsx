import type { SharedValue } from '@reportsaathi/contracts/share-links';
import type { Labels } from '../utils/i18n';
import type { ShareTexts } from '../utils/share-texts';
import { abnormalFirst, ResultsView } from './results-view';
import { TrendChart } from './trend-chart';

/** A shared report's values: the one results view, then one chart per value with a trend. */
export function SharedValues({ values, t, st }: { values: SharedValue[]; t: Labels; st: ShareTexts }) {
  const sorted = abnormalFirst(values);
  const trends = sorted.filter((v) => v.trend.length >= 2);
  return (
    <>
      <ResultsView values={values} t={t} />
      {trends.length > 0 ? (
        <section className="card" aria-labelledby="trends-title">
          <h2 id="trends-title">{st.trendOf}</h2>
          {trends.map((v) => (
            <div key={v.canonical_id} className="shared-trend" data-trend={v.canonical_id}>
              <h3>{v.name_hi ?? v.name}</h3>
              <TrendChart
                trend={{
                  analyte: v.canonical_id,
                  name: v.name_hi ?? v.name,
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
