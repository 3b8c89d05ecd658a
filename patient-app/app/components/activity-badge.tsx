import { usePageLang } from '../utils/use-lang';
import { userTexts } from '../utils/user-texts';

/** Recent-activity status: completed green, failed red, processing yellow, anything else grey. */
export function ActivityBadge({ status }: { status: string }) {
  const tone =
    status === 'completed'
      ? 'badge-green'
      : status === 'failed'
        ? 'badge-red'
        : status === 'processing'
          ? 'badge-yellow'
          : '';
  const label = userTexts(usePageLang()).common.statuses[status] ?? status;
  return <span className={`badge ${tone}`}>{label}</span>;
}
