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

/** Forget every answer that depended on who was signed in (Refine keys access checks under 'access'). */
export function forgetSessionQueries(): void {
  queryClient.removeQueries({ queryKey: ['access'] });
}
