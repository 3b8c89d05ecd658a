import type { MaintenanceStatus } from '@reportsaathi/contracts/admin-ops';
import { DEFAULT_MAINTENANCE_MESSAGE } from '@reportsaathi/contracts/constants';
import { say } from '../utils/messages';
import { usePageLang } from '../utils/use-lang';

/**
 * Shown on every patient page while staff have maintenance mode on (GET /status/maintenance):
 * the staff's message and, when given, how long it should last. The patient API answers 503
 * meanwhile, so the banner says why things do not work rather than leaving a bare error.
 */
export function MaintenanceBanner({ status }: { status: MaintenanceStatus | null }) {
  const hi = usePageLang() === 'hi';
  if (!status?.maintenance_mode) return null;
  return (
    <div className="maintenance-banner" role="alert" data-testid="maintenance-banner">
      <strong>{hi ? 'रखरखाव: ' : 'Maintenance: '}</strong>
      {say(hi ? 'hi' : 'en', status.message ?? DEFAULT_MAINTENANCE_MESSAGE)}
      {status.estimated_duration ? (
        <span>
          {hi ? ' अनुमानित समय: ' : ' Estimated duration: '}
          {status.estimated_duration}.
        </span>
      ) : null}
    </div>
  );
}
