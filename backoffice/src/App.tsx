import { lazy, Suspense } from 'react';
import { Refine } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoginRoute } from './components/login-route';
import { PageLoading } from './components/page-loading';
import { RequireAdmin } from './components/require-admin';
import { accessControlProvider } from './providers/access-control';
import { authProvider, HOME_PATH, LOGIN_PATH } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { queryClient } from './providers/query-client';
import { ADMIN_BASENAME, documentTitle, resources } from './providers/resources';

// One chunk per page, so /admin/login downloads only what the login form needs (login-route.tsx).
const AdminLayout = lazy(() => import('./components/admin-layout'));
const DashboardPage = lazy(() => import('./pages/dashboard'));
const PermissionGuard = lazy(() => import('./components/permission-guard'));
const PlaceholderPage = lazy(() => import('./components/placeholder'));

/** Routes that need a named permission (SPEC §2 route table); their screens come in later issues. */
const GUARDED = ['audit', 'export', 'moderation', 'settings'] as const;

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
            {/* SPEC §2: an admin page sends an unauthenticated visitor to /admin/login; after
                signing in, the admin lands on the dashboard (SPEC: 'Success goes to /admin/dashboard'). */}
            <Route
              element={
                <RequireAdmin>
                  <AdminLayout />
                </RequireAdmin>
              }
            >
              <Route index element={<Navigate to={HOME_PATH} replace />} />
              <Route path={HOME_PATH} element={<DashboardPage />} />
              {GUARDED.map((name) => (
                <Route
                  key={name}
                  path={`/${name}/*`}
                  element={
                    <PermissionGuard resource={name}>
                      <PlaceholderPage />
                    </PermissionGuard>
                  }
                />
              ))}
              <Route path="*" element={<PlaceholderPage />} />
            </Route>
          </Routes>
        </Suspense>
        <DocumentTitleHandler handler={documentTitle} />
      </Refine>
    </BrowserRouter>
  );
}
