import ipaddr from 'ipaddr.js';

/**
 * Settings that name a URL the server will call (today the AI provider's base URL, which receives
 * the provider key and the patients' report text). A super admin's account is the most valuable
 * one to steal, so such a setting must not be a way to send those anywhere, or to probe the
 * server's own network:
 * - https only; plain http only to a host the operator allowed (AI_ALLOWED_HOSTS, e.g. a local
 *   Ollama at 127.0.0.1), never other schemes;
 * - no user:password in the URL;
 * - no loopback, private, link-local or otherwise internal address (nor `localhost`) unless the
 *   operator allowed that host. A public name that resolves to an internal address is not caught
 *   here (docs/security.md, known risks).
 * Changing the AI base URL also clears the stored key (settings.manage.ts), so a new host never
 * receives the key that was meant for the old one.
 */
export const URL_SETTINGS: readonly string[] = ['ai_base_url'];

/** AI_ALLOWED_HOSTS: "host" (any port) or "host:port", comma-separated, lower case. */
export function parseAllowedHosts(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

function hostAllowed(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const withPort = `${host}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  return allowed.some((a) => a.replace(/^\[|\]$/g, '') === host || a === withPort || a === url.host);
}

function internalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return true;
  if (!ipaddr.isValid(host)) return false;
  let addr = ipaddr.parse(host);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  return addr.range() !== 'unicast';
}

/** What is wrong with a URL setting's value, or null when it may be used ('' means unset). */
export function urlSettingProblem(key: string, value: string, allowed: readonly string[]): string | null {
  if (value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `Value for ${key} must be an absolute URL such as https://api.example.com/v1`;
  }
  if (url.username || url.password) return `Value for ${key} must not hold a user name or password`;
  const allowedHost = hostAllowed(url, allowed);
  if (url.protocol === 'http:' && !allowedHost)
    return `Value for ${key} must use https (plain http only to a host in AI_ALLOWED_HOSTS)`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `Value for ${key} must be an https URL`;
  if (internalHost(url.hostname) && !allowedHost)
    return `Value for ${key} names an internal address; an operator must allow it in AI_ALLOWED_HOSTS`;
  return null;
}
