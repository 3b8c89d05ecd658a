import type { ReportStatus } from '@reportsaathi/contracts/reports';

const LABELS: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  deleted: 'Deleted',
};

/** A report's status: green completed, yellow processing, grey otherwise; default text 'Pending'. */
export function StatusBadge({
  status,
  label,
}: {
  status: ReportStatus | string | null | undefined;
  label?: string;
}) {
  const s = status ?? 'pending';
  const tone = s === 'completed' ? 'badge-completed' : s === 'processing' ? 'badge-processing' : '';
  return <span className={`badge ${tone}`}>{label ?? LABELS[s] ?? 'Pending'}</span>;
}
