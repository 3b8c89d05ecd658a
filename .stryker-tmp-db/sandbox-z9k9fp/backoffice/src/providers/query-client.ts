// @ts-nocheck
import { QueryClient } from '@tanstack/react-query';

/**
 * The react-query client Refine runs on. Created here (not inside <Refine>) so the auth provider
 * can drop cached access-control answers when the signed-in admin changes.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: false },
  },
});

/**
 * Forget every answer that depended on who was signed in: data (so a viewer never sees the figures
 * a super admin loaded in this tab, and a stale 401 is not replayed) and access checks. Refine's
 * own auth queries ('auth': check, identity, permissions) stay; Refine re-validates them itself.
 */
export function forgetSessionQueries(): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
}
