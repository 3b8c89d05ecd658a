import type { ReportStatus } from '@reportsaathi/contracts/reports';
import { usePageLang } from '../utils/use-lang';
import { userTexts } from '../utils/user-texts';

/** A report's status: green completed, yellow processing, grey otherwise; default text 'Pending'. */
export function StatusBadge({
  status,
  label,
}: {
  status: ReportStatus | string | null | undefined;
  label?: string;
}) {
  const labels = userTexts(usePageLang()).common.statuses;
  const s = status ?? 'pending';
  const tone = s === 'completed' ? 'badge-completed' : s === 'processing' ? 'badge-processing' : '';
  return <span className={`badge ${tone}`}>{label ?? labels[s] ?? labels.pending}</span>;
}
