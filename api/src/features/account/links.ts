import type { Request } from 'express';
import type { AppDeps } from '../../context';

/**
 * The origin a mailed link points at (decision 230): PUBLIC_URL when set. Outside production it
 * may be left unset, and the link then points where the API was reached (the developer's own
 * machine). In production without PUBLIC_URL no link is made: a Host header chosen by whoever
 * asks for a reset must never decide where a victim's reset link goes.
 */
export function linkOrigin(deps: Pick<AppDeps, 'env'>, req: Request): string | null {
  if (deps.env.PUBLIC_URL) return deps.env.PUBLIC_URL.replace(/\/+$/, '');
  if (deps.env.NODE_ENV === 'production') return null;
  const host = req.get('host');
  return host ? `${req.protocol}://${host}` : null;
}

export function mailLink(origin: string, pagePath: string, token: string): string {
  return `${origin}${pagePath}?token=${encodeURIComponent(token)}`;
}

/** The person's language for mail: their preference, else what the request named, else English. */
export function languageOf(preferences: unknown, fallback?: 'en' | 'hi'): 'en' | 'hi' {
  const lang = (preferences as { language?: unknown } | null)?.language;
  if (lang === 'hi' || lang === 'en') return lang;
  return fallback ?? 'en';
}
