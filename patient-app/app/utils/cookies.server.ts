import { USER_COOKIE, USER_TOKEN_DAYS } from '@reportsaathi/contracts';

/**
 * The token lives in an httpOnly cookie named `token` holding the raw token (not Remix's base64 JSON
 * encoding), so the API can read the same cookie if it ever needs to. A tiny parser is enough here.
 */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('Cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

function secureFlag(request: Request): string {
  // Secure only over https: the e2e suite and local runs are plain http on localhost.
  const proto = request.headers.get('X-Forwarded-Proto') ?? new URL(request.url).protocol.replace(':', '');
  return proto === 'https' ? '; Secure' : '';
}

export function getToken(request: Request): string | null {
  const token = readCookie(request, USER_COOKIE);
  return token && token.length > 0 ? token : null;
}

export function setTokenCookie(request: Request, token: string): string {
  const maxAge = USER_TOKEN_DAYS * 24 * 60 * 60;
  return `${USER_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureFlag(request)}`;
}

export function clearTokenCookie(request: Request): string {
  return `${USER_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureFlag(request)}`;
}

/** One-shot messages (the toasts) that survive a redirect, so they work without JavaScript. */
export const FLASH_COOKIE = 'rs_flash';
export type FlashKind = 'success' | 'error' | 'info';
export interface Flash {
  kind: FlashKind;
  message: string;
}

export function setFlashCookie(request: Request, flash: Flash): string {
  const value = encodeURIComponent(JSON.stringify(flash));
  return `${FLASH_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60${secureFlag(request)}`;
}

export function clearFlashCookie(request: Request): string {
  return `${FLASH_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureFlag(request)}`;
}

export function readFlash(request: Request): Flash | null {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Flash>;
    if (typeof parsed.message !== 'string') return null;
    const kind: FlashKind = parsed.kind === 'error' || parsed.kind === 'info' ? parsed.kind : 'success';
    return { kind, message: parsed.message.slice(0, 300) };
  } catch {
    return null;
  }
}

/**
 * The language a visitor chose in the header (decision 221): remembered for a year, for guests and
 * users alike. A signed-in user's saved preference wins over it (it is set together with it).
 */
export const LANG_COOKIE = 'rs_lang';

export function readLangCookie(request: Request): 'en' | 'hi' | null {
  const raw = readCookie(request, LANG_COOKIE);
  return raw === 'hi' || raw === 'en' ? raw : null;
}

export function setLangCookie(request: Request, lang: 'en' | 'hi'): string {
  return `${LANG_COOKIE}=${lang}; Path=/; SameSite=Lax; Max-Age=${365 * 24 * 60 * 60}${secureFlag(request)}`;
}
