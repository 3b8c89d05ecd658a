// @ts-nocheck
import { lazy, Suspense } from 'react';
import { Refine } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoginRoute } from './components/login-route';
import { PageLoading } from './components/page-loading';
import { RequireAdmin } from './components/require-admin';
import { PAGES, PlaceholderPage } from './pages';
import { accessControlProvider } from './providers/access-control';
import { authProvider, HOME_PATH, LOGIN_PATH } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { queryClient } from './providers/query-client';
import {
  ADMIN_BASENAME,
  ADMIN_RESOURCES,
  documentTitle,
  resources,
  type PageKind,
} from './providers/resources';

// One chunk per page, so /admin/login downloads only what the login form needs (login-route.tsx).
const AdminLayout = lazy(() => import('./components/admin-layout'));
const PermissionGuard = lazy(() => import('./components/permission-guard'));

const KINDS: readonly PageKind[] = ['list', 'show', 'edit', 'create'];

/**
 * Every route of every resource, generated from resources.tsx: the screen (or the placeholder)
 * behind a guard that asks the access-control provider for that resource and action.
 */
const resourceRoutes = ADMIN_RESOURCES.flatMap((resource) =>
  KINDS.flatMap((kind) => {
    const path = resource.routes[kind];
    if (!path) return [];
    const Page = PAGES[resource.name]?.[kind] ?? PlaceholderPage;
    return [
      <Route
        key={`${resource.name}:${kind}`}
        path={kind === 'list' && !PAGES[resource.name]?.[kind] ? `${path}/*` : path}
        element={
          <PermissionGuard resource={resource.name} action={kind}>
            <Page />
          </PermissionGuard>
        }
      />,
    ];
  }),
);

export default function App() {
  return (
    <BrowserRouter basename={ADMIN_BASENAME}>
      <Refine
        routerProvider={routerProvider}
        authProvider={authProvider}
        dataProvider={dataProvider}
        accessControlProvider={accessControlProvider}
        resources={resources}
        options={{
          disableTelemetry: true,
          syncWithLocation: false,
          warnWhenUnsavedChanges: true,
          reactQuery: { clientConfig: queryClient },
        }}
      >
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path={LOGIN_PATH} element={<LoginRoute />} />
            {/* An admin page sends an unauthenticated visitor to /admin/login; after signing in,
                the admin lands on the dashboard. */}
            <Route
              element={
                <RequireAdmin>
                  <AdminLayout />
                </RequireAdmin>
              }
            >
              <Route index element={<Navigate to={HOME_PATH} replace />} />
              {resourceRoutes}
              {/* Any other /admin/* path: the placeholder, inside the layout. */}
              <Route path="*" element={<PlaceholderPage />} />
            </Route>
          </Routes>
        </Suspense>
        <DocumentTitleHandler handler={documentTitle} />
      </Refine>
    </BrowserRouter>
  );
}
