import type { ReactNode } from 'react';
import { useIsAuthenticated } from '@refinedev/core';
import { Navigate } from 'react-router';
import { LOGIN_PATH } from '../providers/auth-provider';
import { PageLoading } from './page-loading';

/**
 * The admin guard: an unauthenticated visitor goes to /admin/login.
 * Unlike Refine's <Authenticated>, a re-check (Refine re-checks right after login and logout)
 * keeps the page mounted while the answer is still "signed in", and a stale "signed out" from
 * before the login is never acted on while a fresh answer is on its way.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data, isFetching } = useIsAuthenticated();
  if (data?.authenticated) return <>{children}</>;
  if (isFetching || !data) return <PageLoading />;
  return <Navigate to={LOGIN_PATH} replace />;
}
