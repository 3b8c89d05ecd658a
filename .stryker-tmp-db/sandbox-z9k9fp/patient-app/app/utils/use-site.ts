// @ts-nocheck
import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '../root';
import { DEFAULT_INFO_EMAIL, DEFAULT_SUPPORT_EMAIL } from './config';

/** Contact addresses and the signed-in user, as the root loader read them. */
export function useSite() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return {
    user: root?.user ?? null,
    supportEmail: root?.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    infoEmail: root?.infoEmail ?? DEFAULT_INFO_EMAIL,
  };
}
