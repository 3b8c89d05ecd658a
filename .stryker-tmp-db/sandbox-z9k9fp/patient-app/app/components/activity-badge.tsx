/** Recent-activity status: completed green, failed red, processing yellow, anything else grey. */
// @ts-nocheck

export function ActivityBadge({ status }: { status: string }) {
  const tone =
    status === 'completed'
      ? 'badge-green'
      : status === 'failed'
        ? 'badge-red'
        : status === 'processing'
          ? 'badge-yellow'
          : '';
  return <span className={`badge ${tone}`}>{status}</span>;
}
