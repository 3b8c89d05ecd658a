// @ts-nocheck
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKind } from '../providers/resources';

type Page = LazyExoticComponent<ComponentType>;

/**
 * The screen of each resource route, one chunk per screen (so /admin/login downloads none of them).
 * A route declared in resources.tsx without a screen here shows the placeholder behind its guard.
 */
export const PAGES: Readonly<Record<string, Partial<Record<PageKind, Page>>>> = {
  dashboard: { list: lazy(() => import('./dashboard')) },
  users: { list: lazy(() => import('./users/list')), show: lazy(() => import('./users/show')) },
  reports: { list: lazy(() => import('./reports/list')), show: lazy(() => import('./reports/show')) },
  chats: { list: lazy(() => import('./chats/list')) },
  admins: { list: lazy(() => import('./admins/list')) },
};

export const PlaceholderPage: Page = lazy(() => import('../components/placeholder'));
