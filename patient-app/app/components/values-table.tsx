import { Link } from '@remix-run/react';
import { shownValue } from '@reportsaathi/contracts/shown-value';
import type { ReportValue } from '@reportsaathi/contracts/reports';
import type { Labels } from '../utils/i18n';

// Critical values first, then the other out-of-range ones, then normal; ties keep the report's order.
const RANK: Record<ReportValue['flag'], number> = {
  critical_high: 0,
  critical_low: 0,
  high: 1,
  low: 1,
  abnormal: 1,
  normal: 2,
};

function rank(v: ReportValue): number {
  return v.uncertain ? 0.5 : RANK[v.flag];
}

function range(v: ReportValue): string {
  if (v.ref_text) return v.ref_text;
  if (v.ref_low !== null && v.ref_high !== null) return `${v.ref_low} - ${v.ref_high}`;
  if (v.ref_low !== null) return `> ${v.ref_low}`;
  if (v.ref_high !== null) return `< ${v.ref_high}`;
  return '—';
}

/**
 * A value's marker: its flag, or, for a value that could not be read clearly, the advice to check
 * it on the paper, with the lab's own high/low mark where it was read ("lab marked High").
 */
export function FlagCell({
  v,
  t,
}: {
  v: Pick<ReportValue, 'flag' | 'uncertain' | 'printed_red'>;
  t: Labels;
}) {
  if (!v.uncertain)
    return (
      <>
        <span className={`flag flag-${v.flag}`}>{t.flags[v.flag]}</span>
        <PrintedRed v={v} t={t} />
      </>
    );
  return (
    <>
      {v.flag !== 'normal' ? (
        <span className={`flag flag-${v.flag}`}>
          {t.labMarked} {t.flags[v.flag]}
        </span>
      ) : null}{' '}
      <span className="muted small">{t.uncertain}</span>
      <PrintedRed v={v} t={t} />
    </>
  );
}

/** The lab printed the result in red (its mark for an abnormal result): the patient sees why. */
export function PrintedRed({ v, t }: { v: Pick<ReportValue, 'printed_red'>; t: Labels }) {
  return v.printed_red ? <span className="muted small"> ({t.printedRed})</span> : null;
}

/** A range the report did not print is the usual one, and says so. */
export function RangeSource({ v, t }: { v: Pick<ReportValue, 'ref_source'>; t: Labels }) {
  return v.ref_source === 'knowledge_base' ? <span className="muted small"> ({t.typicalRange})</span> : null;
}

/** The head of every table of values: the analysis page, the shared page and the printout. */
export function ValuesHead({ t }: { t: Labels }) {
  return (
    <thead>
      <tr>
        <th scope="col">{t.test}</th>
        <th scope="col">{t.value}</th>
        <th scope="col">{t.unit}</th>
        <th scope="col">{t.range}</th>
        <th scope="col">{t.flag}</th>
      </tr>
    </thead>
  );
}

/** Beyond the spec: every extracted value with its unit, the report's range and a coloured marker. */
export function ValuesTable({ values, t }: { values: ReportValue[]; t: Labels }) {
  const sorted = values
    .map((v, i) => ({ v, i }))
    // A value to check on the printed report comes right after the critical ones.
    .sort((a, b) => rank(a.v) - rank(b.v) || a.i - b.i)
    .map((x) => x.v);
  return (
    <section className="card" aria-labelledby="values-title">
      <h2 id="values-title">{t.values}</h2>
      <p className="muted small">{t.valuesHint}</p>
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
                  {v.not_in_knowledge_base ? (
                    <span className="muted small"> ({t.notExplained})</span>
                  ) : null}{' '}
                  <Link
                    to={`/user/trends?analyte=${encodeURIComponent(v.canonical_id)}#trend-${v.canonical_id}`}
                    className="trend-link small"
                    aria-label={`${t.trend}: ${v.name}`}
                  >
                    {t.trend}
                  </Link>
                </th>
                <td data-label={t.value} className="value-cell">
                  {shownValue(v)}
                  {!v.uncertain && v.value_confidence != null ? (
                    <span className="muted small" title={v.reading_note ?? undefined}>
                      {' '}
                      ({t.decimalAdded})
                    </span>
                  ) : null}
                </td>
                <td data-label={t.unit}>
                  {v.unit || '—'}
                  {v.unit_inferred ? <span className="muted small"> ({t.unitInferred})</span> : null}
                </td>
                <td data-label={t.range}>
                  {range(v)}
                  <RangeSource v={v} t={t} />
                  {v.band ? <span className="muted small"> ({v.band})</span> : null}
                </td>
                <td data-label={t.flag} className="value-flag">
                  <FlagCell v={v} t={t} />
                  {v.flag_disagrees && v.flag_printed ? (
                    <span className="muted small">
                      {' '}
                      ({t.labMarked} {v.flag_printed})
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
