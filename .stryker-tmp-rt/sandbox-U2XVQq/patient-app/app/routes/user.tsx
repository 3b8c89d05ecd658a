// @ts-nocheck
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, Outlet, useLoaderData, useLocation, useSearchParams } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { PanelNav } from '../components/panel-nav';
import { requireUser } from '../utils/auth.server';
import { panelLabels } from '../utils/panel-i18n';

/**
 * The user panel shell (every /user/* page): 'My Panel' side navigation, a top bar with search,
 * the welcome line, the 'User' badge and logout. Signed-out visitors go to /login and come back here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  return {
    fullName: user.full_name || user.email,
    language: user.preferences.language,
  };
}

export default function UserPanel() {
  const { fullName, language } = useLoaderData<typeof loader>();
  const t = panelLabels(language);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const drawer = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (drawer.current) drawer.current.open = false;
  }, [pathname]);
  const query = pathname === '/user/search' ? (params.get('q') ?? '') : '';

  return (
    <div className="panel container">
      <aside className="panel-side">
        <PanelNav t={t} id="panel-nav-title" />
      </aside>
      <div className="panel-body">
        <div className="panel-top">
          {/* The drawer is a <details>: it opens from the menu button with or without JavaScript. */}
          <details className="panel-drawer" ref={drawer}>
            <summary className="menu-button">
              <span className="menu-icon" aria-hidden="true" />
              <span>{t.menu}</span>
            </summary>
            <div className="panel-drawer-body">
              <PanelNav t={t} id="panel-drawer-title" />
            </div>
          </details>
          <Form method="get" action="/user/search" role="search" className="panel-search" key={query}>
            <label htmlFor="panel-q" className="visually-hidden">
              {t.search}
            </label>
            <input
              id="panel-q"
              type="search"
              name="q"
              defaultValue={query}
              placeholder={t.searchPlaceholder}
              maxLength={200}
            />
            <button type="submit" className="btn btn-outline btn-sm">
              {t.search}
            </button>
          </Form>
          <div className="panel-user">
            <span className="panel-welcome">
              {t.welcome}, <strong>{fullName}</strong>
            </span>
            <span className="badge badge-user">{t.userBadge}</span>
            <Form method="post" action="/logout" className="inline-form">
              <input type="hidden" name="to" value="/login" />
              <button type="submit" className="btn btn-outline btn-sm">
                {t.logout}
              </button>
            </Form>
          </div>
        </div>
        <div className="panel-content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
