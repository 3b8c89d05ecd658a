// @ts-nocheck
import { lazy } from 'react';
import { useIsAuthenticated } from '@refinedev/core';
import { Navigate } from 'react-router';
import { HOME_PATH } from '../providers/auth-provider';

const LoginPage = lazy(() => import('../pages/login'));

/**
 * /admin/login. The form shows at once; an admin who is already signed in is sent on to the
 * dashboard when the session check answers. (Refine's <Authenticated> is not used here: it
 * swaps its children for the loading view on every re-check, and Refine re-checks after each
 * login attempt, which would wipe the form and its error message.)
 */
export function LoginRoute() {
  const { data, isFetching } = useIsAuthenticated();
  // Only a settled answer counts: right after logout the cached one still says "signed in".
  if (data?.authenticated && !isFetching) return <Navigate to={HOME_PATH} replace />;
  return <LoginPage />;
}
