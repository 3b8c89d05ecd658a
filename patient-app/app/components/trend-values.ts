import { formatDate, formatNumber } from '../utils/format';
import { labels } from '../utils/i18n';
import { escapeMarkup as e } from '../utils/markup';
import type { TrendTexts } from '../utils/trend-texts';
import { hasNoRange } from './trend-chart';

type DateSource = 'printed' | 'corrected' | 'upload';

/** A value of the list under a chart, as the trends page's data carries it. */
export interface ListedValue {
  report_id: number;
  date: string;
  value: number;
  ref_low: number | null;
  ref_high: number | null;
  out_of_range: boolean;
  /** What the report printed, when that was another unit ("128 g/L"). */
  printed?: string;
  /** The patient typed this value (a misread one fixed). */
  entered?: boolean;
}

/**
 * The list of values under a chart as one string of `<li>` markup: per value its date (a plain link
 * to its report), the value and unit, what the report printed when that was another unit, its marks,
 * and where the date comes from unless it is the usual printed date. A trends page holds up to 240
 * of these; as React elements each line was created, rendered and hydrated again though it never
 * changes (decision 264). The unit and the printed value come from a lab's paper: escaped.
 */
export function valueListMarkup(
  points: ListedValue[],
  unit: string,
  sources: Map<number, DateSource>,
  tt: TrendTexts,
  lang: 'en' | 'hi',
): string {
  const entered = e(labels(lang).fixValue.enteredByYou);
  let out = '';
  for (const p of points) {
    const source = sources.get(p.report_id);
    out += `<li class="trend-value"><a href="/analysis/${e(p.report_id)}">${e(formatDate(p.date, lang))}</a>${e(`: ${formatNumber(p.value)} ${unit}${p.printed ? tt.reportedAs(p.printed) : ''}`)}`;
    if (p.out_of_range) out += `<span class="badge badge-red">${e(tt.outOfRange)}</span>`;
    if (hasNoRange(p)) out += `<span class="badge badge-none">${e(tt.noRange)}</span>`;
    if (p.entered) out += `<span class="badge badge-entered">${entered}</span>`;
    if (source && source !== 'printed')
      out += `<span class="muted small">${e(` (${tt.sources[source]})`)}</span>`;
    out += '</li>';
  }
  return out;
}
