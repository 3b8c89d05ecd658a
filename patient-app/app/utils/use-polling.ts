import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';

/**
 * Re-run the page's loaders every `ms` while `active` (analysis 5 s, dashboard 10 s).
 * Skips a tick while a revalidation is still in flight or the tab is hidden, so a slow link never
 * stacks requests.
 */
export function usePolling(active: boolean, ms: number): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      if (state === 'idle') revalidate();
    }, ms);
    return () => window.clearInterval(timer);
  }, [active, ms, revalidate, state]);
}
