/**
 * Where to go after login: only a path of this site. The value is parsed as a URL against a
 * stand-in origin and kept only when it stays on that origin; what is returned is the parsed
 * path, query and fragment, so the browser reads exactly what was checked. Refused (the fallback
 * instead): control characters (browsers drop tabs and newlines, so "/\t/evil.example" became
 * "//evil.example"; a newline in a Location header was a 500), backslashes (read as slashes),
 * anything not starting with one slash, and a path that normalises to "//host" ("/..//evil").
 */
const SAME = 'http://same-origin.invalid';

export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/dashboard',
): string {
  if (typeof to !== 'string' || to.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex -- the control characters are what is refused
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(to)) return fallback;
  if (!to.startsWith('/') || to.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(to, SAME);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if (/^\/(login|register|logout)(?=$|[/?#])/.test(path)) return fallback;
  return path;
}

export function loginPath(returnTo: string): string {
  return `/login?redirectTo=${encodeURIComponent(returnTo)}`;
}
