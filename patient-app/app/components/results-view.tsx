import { Link } from '@remix-run/react';
import type { Flag } from '@reportsaathi/contracts/reports';
import { confidenceLevel, formatConfidence, groupNumbers } from '../utils/format';
import type { Labels } from '../utils/i18n';
import { FixValue, type ValueFixing } from './analysis/value-fix';

/**
 * The one results view (issue 33, decision 220): guest results, the analysis page, the printout and
 * the doctor's shared page all show a report's values through this component. Per test a card on a
 * phone and a row on a wider screen (CSS only): the value and unit, the range that was used drawn
 * as a small bar with the value's marker, the verdict as a word and a colour (never colour alone),
 * a line on what the test measures. Values to check on the paper stand apart at the top with what
 * to do; the rest are grouped by body system, out of range first, under a count of those out of range.
 */
export interface ResultValue {
  canonical_id: string;
  name: string;
  value: number | string;
  qualifier?: string | null;
  unit: string;
  ref_low: number | null;
  ref_high: number | null;
  ref_text: string;
  flag: Flag;
  uncertain?: boolean | null;
  band?: string | null;
  reading_note?: string | null;
  panel?: string | null;
  about?: string | null;
  /** On a Hindi page, the knowledge base's Hindi name: the title, with the printed name beside it. */
  name_hi?: string | null;
  not_in_knowledge_base?: boolean | null;
  unit_inferred?: boolean | null;
  flag_printed?: string | null;
  flag_disagrees?: boolean | null;
  value_confidence?: number | null;
  /** The lab printed the result in red (its mark for an abnormal result; decision 135). */
  printed_red?: boolean | null;
  /** Where the range came from: printed on the report, or the usual range (decision 170). */
  ref_source?: 'report' | 'knowledge_base' | 'none' | null;
  /** The patient typed this value from the printed report (decision 243), and what was read. */
  entered_at?: string | null;
  read_as?: string | null;
}

type Verdict = Flag | 'check' | 'no_range';

type VerdictOf = Pick<ResultValue, 'flag' | 'uncertain'> & Partial<Pick<ResultValue, 'ref_source' | 'value'>>;

/**
 * The engine's verdict (analysis/src/interpret/verdict.ts): "check it", a flag, or a number read
 * with no range to compare it against (decision 249), which is never shown as normal.
 */
export function verdictOf(v: VerdictOf): Verdict {
  if (v.uncertain) return 'check';
  if (v.flag === 'normal' && v.ref_source === 'none' && typeof v.value === 'number') return 'no_range';
  return v.flag;
}

// Critical first, then the other out-of-range ones, then normal; ties keep the report's order.
const RANK: Record<Verdict, number> = {
  check: 0,
  critical_high: 0,
  critical_low: 0,
  high: 1,
  low: 1,
  abnormal: 1,
  no_range: 2,
  normal: 2,
};

const ICON: Record<Verdict, string> = {
  check: '?',
  critical_high: '▲▲',
  critical_low: '▼▼',
  high: '▲',
  low: '▼',
  abnormal: '!',
  no_range: '–',
  normal: '✓',
};

/** The body systems in the order a patient reads them; a test the knowledge base lacks goes last. */
const PANEL_ORDER = [
  'cbc',
  'diabetes',
  'lipid',
  'lft',
  'kft',
  'electrolytes',
  'thyroid',
  'iron',
  'vitamins',
  'cardiac',
  'inflammation',
  'coagulation',
  'urine',
  'other',
];

export function outOfRange(v: Pick<ResultValue, 'flag' | 'uncertain'>): boolean {
  return !v.uncertain && v.flag !== 'normal';
}

/** The range used, its numbers grouped the Indian way like the value beside it. */
export function rangeText(v: Pick<ResultValue, 'ref_text' | 'ref_low' | 'ref_high'>): string {
  return groupNumbers(rangeWords(v));
}

function rangeWords(v: Pick<ResultValue, 'ref_text' | 'ref_low' | 'ref_high'>): string {
  if (v.ref_text) return v.ref_text;
  if (v.ref_low !== null && v.ref_high !== null) return `${v.ref_low} - ${v.ref_high}`;
  if (v.ref_low !== null) return `> ${v.ref_low}`;
  if (v.ref_high !== null) return `< ${v.ref_high}`;
  return '—';
}

/** Values in reading order: critical, other out of range, normal; ties keep the report's order. */
export function abnormalFirst<T extends VerdictOf>(values: T[]): T[] {
  return values
    .map((v, i) => ({ v, i }))
    .sort((a, b) => RANK[verdictOf(a.v)] - RANK[verdictOf(b.v)] || a.i - b.i)
    .map((x) => x.v);
}

/**
 * Where the range and the value sit on a small bar, in percent of its width, or null when there is
 * nothing to draw (a word result, no numeric range). The bar spans the range with room either side;
 * a value beyond it sits at the edge (the number beside it says how far).
 */
export function rangeBar(
  v: Pick<ResultValue, 'value' | 'ref_low' | 'ref_high'>,
): { from: number; to: number; at: number } | null {
  const value = typeof v.value === 'number' ? v.value : Number(v.value);
  const { ref_low: lo, ref_high: hi } = v;
  if (!Number.isFinite(value) || (lo === null && hi === null)) return null;
  let min: number;
  let max: number;
  if (lo !== null && hi !== null) {
    if (!(hi > lo)) return null;
    const pad = (hi - lo) * 0.6;
    min = Math.max(lo > 0 ? 0 : -Infinity, lo - pad);
    max = hi + pad;
  } else if (hi !== null) {
    if (!(hi > 0)) return null;
    min = 0;
    max = hi * 1.6;
  } else {
    if (!(lo! > 0)) return null;
    min = 0;
    max = lo! * 2;
  }
  const pct = (x: number) => Math.min(100, Math.max(0, ((x - min) / (max - min)) * 100));
  return {
    from: lo === null ? 0 : pct(lo),
    to: hi === null ? 100 : pct(hi),
    at: Math.min(98, Math.max(2, pct(value))),
  };
}

function RangeBar({ v }: { v: ResultValue }) {
  const bar = rangeBar(v);
  if (!bar) return null;
  // Drawn for the eye only: the range and the verdict are written out beside it.
  return (
    <span className="range-bar" aria-hidden="true">
      <span className="range-normal" style={{ left: `${bar.from}%`, width: `${bar.to - bar.from}%` }} />
      <span className="range-marker" style={{ left: `${bar.at}%` }} />
    </span>
  );
}

export function VerdictChip({ v, t }: { v: VerdictOf; t: Labels }) {
  const verdict = verdictOf(v);
  return (
    <span className={`verdict verdict-${verdict}`}>
      <span aria-hidden="true">{ICON[verdict]}</span>{' '}
      {verdict === 'check' ? t.checkIt : verdict === 'no_range' ? t.noRange : t.flags[verdict]}
    </span>
  );
}

function ResultRow({
  v,
  t,
  trendLinks,
  fixing,
  position,
  nameAs: Name = 'h4',
}: {
  v: ResultValue;
  t: Labels;
  trendLinks: boolean;
  fixing?: ValueFixing | null;
  position: number;
  /** The test's heading: h3 where no body-system heading (h3) stands above it, as on the print. */
  nameAs?: 'h3' | 'h4';
}) {
  const verdict = verdictOf(v);
  // A Hindi page titles the test by its Hindi name; the printed name stays visible as the lab's.
  const title = v.name_hi ?? v.name;
  return (
    <li
      id={`value-${position}`}
      className={`result result-${verdict}`}
      data-analyte={v.canonical_id}
      data-verdict={verdict}
      data-entered={v.entered_at ? 'true' : undefined}
    >
      <div className="result-what">
        <Name className="result-name">
          {title}
          {trendLinks ? (
            <>
              {' '}
              <Link
                to={`/user/trends?analyte=${encodeURIComponent(v.canonical_id)}#trend-${v.canonical_id}`}
                className="trend-link small"
                aria-label={`${t.trend}: ${title}`}
              >
                {t.trend}
              </Link>
            </>
          ) : null}
        </Name>
        {v.name_hi ? (
          <p className="result-lab-name small muted">
            {t.labName}: <span lang="en">{v.name}</span>
          </p>
        ) : null}
        {v.about ? <p className="result-about">{v.about}</p> : null}
        {v.not_in_knowledge_base ? <p className="result-about">{t.notExplained}</p> : null}
      </div>
      <div className="result-reading">
        <p className="result-value">
          <span className="visually-hidden">{t.value}: </span>
          <strong>
            {v.qualifier ?? ''}
            {groupNumbers(String(v.value))}
          </strong>{' '}
          <span className="result-unit">
            {v.unit}
            {v.unit_inferred ? <span className="muted small"> ({t.unitInferred})</span> : null}
          </span>
          {v.entered_at ? (
            <span className="entered-mark small">
              {' '}
              <span className="badge badge-entered">{t.fixValue.enteredByYou}</span>
              {v.read_as ? <span className="muted"> ({t.fixValue.readAs(v.read_as)})</span> : null}
            </span>
          ) : null}
        </p>
        <VerdictChip v={v} t={t} />
      </div>
      <div className="result-range">
        <RangeBar v={v} />
        <p className="small muted">
          {t.rangeUsed}: {rangeText(v)}
          {v.ref_source === 'knowledge_base' ? ` (${t.typicalRange})` : ''}
          {v.band ? ` (${v.band})` : ''}
          {v.printed_red ? ` · ${t.printedRed}` : ''}
          {v.flag_disagrees && v.flag_printed ? ` · ${t.labMarked} ${v.flag_printed}` : ''}
          {!v.uncertain && v.value_confidence != null ? ` · ${t.decimalAdded}` : ''}
        </p>
      </div>
      {verdict === 'no_range' ? <p className="result-note">{t.noRangeNote}</p> : null}
      {verdict === 'check' ? (
        <p className="result-note">
          {v.reading_note ? `${v.reading_note} ` : ''}
          {v.flag !== 'normal' ? `${t.labMarked} ${t.flags[v.flag]}. ` : ''}
          {t.uncertain}.
        </p>
      ) : null}
      {fixing ? <FixValue v={v} t={t} fixing={fixing} position={position} /> : null}
    </li>
  );
}

/** The confidence percent the spec asks for, with one plain sentence on what it means. */
export function ConfidenceLine({
  score,
  t,
  label = t.confidence,
}: {
  score: number | null | undefined;
  t: Labels;
  label?: string;
}) {
  const level = confidenceLevel(score);
  return (
    <p className="confidence-line">
      <span className="confidence-label">{label}</span>{' '}
      <span className={`badge badge-${level}`}>{formatConfidence(score)}</span>{' '}
      <span className="small">{t.confidenceMeans[level]}</span>
    </p>
  );
}

export function ResultsView({
  values,
  t,
  trendLinks = false,
  bySystem = true,
  fixing = null,
}: {
  values: ResultValue[];
  t: Labels;
  /** The owner's analysis page only: the forms to put a misread value right (decision 243). */
  fixing?: ValueFixing | null;
  /** Each test links to its trend (the owner's analysis page only). */
  trendLinks?: boolean;
  /**
   * Grouped by body system (the patient's screens), or one list with out of range first (the
   * printout for a doctor's desk, decision 129: what needs attention heads the page).
   */
  bySystem?: boolean;
}) {
  if (values.length === 0) return null;
  // A value's place in the report's list names it to the forms (the order the engine gave).
  const positionOf = new Map(values.map((v, i) => [v, i]));
  const check = values.filter((v) => v.uncertain);
  const read = values.filter((v) => !v.uncertain);
  const out = read.filter(outOfRange).length;
  // Only values judged against a range count as within one.
  const unjudged = read.filter((v) => verdictOf(v) === 'no_range').length;
  const groups = new Map<string, ResultValue[]>();
  for (const v of read) {
    const panel = !bySystem ? 'all' : v.panel && PANEL_ORDER.includes(v.panel) ? v.panel : 'other';
    groups.set(panel, [...(groups.get(panel) ?? []), v]);
  }
  const ordered = bySystem ? PANEL_ORDER.filter((p) => groups.has(p)) : ['all'];
  return (
    <section className="card results-view" aria-labelledby="values-title">
      <h2 id="values-title">{t.values}</h2>
      <p className="results-count" data-out-of-range={out}>
        {/* "All within range" only when every value read was judged against a range. */}
        <strong>{unjudged > 0 ? t.outOfRangeShort(out) : t.outOfRangeCount(out, read.length)}</strong>
        {unjudged > 0 ? ` · ${t.noRangeCount(unjudged)}` : ''}
        {check.length > 0 ? ` · ${t.toCheckCount(check.length)}` : ''}
      </p>
      {check.length > 0 ? (
        <div className="check-block" role="note" aria-labelledby="check-title">
          <h3 id="check-title">{t.checkTitle}</h3>
          <p>{t.checkWhatToDo}</p>
          <ul className="result-list">
            {check.map((v, i) => (
              <ResultRow
                key={`${v.canonical_id}-${i}`}
                v={v}
                t={t}
                trendLinks={trendLinks}
                fixing={fixing}
                position={positionOf.get(v) ?? i}
              />
            ))}
          </ul>
        </div>
      ) : null}
      {ordered.map((panel) => {
        const list = abnormalFirst(groups.get(panel) ?? []);
        if (list.length === 0) return null;
        const n = list.filter(outOfRange).length;
        return (
          <div key={panel} className="result-group" data-panel={panel}>
            {bySystem ? (
              <h3 className="result-group-title">
                {t.panels[panel as keyof Labels['panels']] ?? t.panels.other}
                {n > 0 ? <span className="muted small"> · {t.outOfRangeShort(n)}</span> : null}
              </h3>
            ) : null}
            <ul className="result-list">
              {list.map((v, i) => (
                <ResultRow
                  key={`${v.canonical_id}-${i}`}
                  v={v}
                  t={t}
                  trendLinks={trendLinks}
                  fixing={fixing}
                  position={positionOf.get(v) ?? i}
                  nameAs={bySystem ? 'h4' : 'h3'}
                />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
