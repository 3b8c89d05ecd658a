import { useEffect } from 'react';

/**
 * Logs a failed background read to the console. Failures of the audit stats and filter
 * options, and of the moderation and settings loads, are only logged, with no message on screen.
 */
export function useLogFailure(query: { isError: boolean; error: unknown }, what: string): void {
  const { isError, error } = query;
  useEffect(() => {
    if (isError) console.error(`${what} failed`, error);
  }, [isError, error, what]);
}
