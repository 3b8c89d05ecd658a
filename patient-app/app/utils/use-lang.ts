import { useRouteLoaderData } from '@remix-run/react';
import type { Lang } from './i18n';

/**
 * The language the page is shown in, as the root loader decided it (the signed-in user's
 * preference, else the header's choice; decision 221): every page's own words follow it.
 */
export function usePageLang(): Lang {
  // Read loosely, not through the root loader's type: the frame's own components (root.tsx
  // imports them) use this too, and a type import back to root.tsx would close a cycle.
  const root = useRouteLoaderData('root') as { lang?: string } | undefined;
  return root?.lang === 'hi' ? 'hi' : 'en';
}

/** The page language inside a `meta` function (its matches carry the root's data). */
export function metaLang(matches: ReadonlyArray<{ id: string; data?: unknown }>): Lang {
  const root = matches.find((m) => m.id === 'root')?.data as { lang?: string } | undefined;
  return root?.lang === 'hi' ? 'hi' : 'en';
}
