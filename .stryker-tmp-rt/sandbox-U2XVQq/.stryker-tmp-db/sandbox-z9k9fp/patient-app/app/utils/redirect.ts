/**
 * Where to go after login. Only same-site paths are allowed, so a crafted ?redirectTo= cannot send a
 * patient to another site (open redirect).
 */
// @ts-nocheck

// 

export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/dashboard',
): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\'))
    return fallback;
  if (to.startsWith('/login') || to.startsWith('/register') || to.startsWith('/logout')) return fallback;
  return to;
}

export function loginPath(returnTo: string): string {
  return `/login?redirectTo=${encodeURIComponent(returnTo)}`;
}
