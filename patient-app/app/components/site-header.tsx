import { Form, Link, NavLink, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { Lang } from '../utils/i18n';
import { siteTexts } from '../utils/site-texts';

interface HeaderUser {
  email: string;
}

/**
 * The navigation bar. The mobile menu is a <details> element, so it opens and closes
 * without JavaScript; with JavaScript it also closes after a navigation. Inside the user panel
 * (/user/*) a phone gets no second menu: the panel's own drawer and logout (user.tsx) stand in for it.
 * The language switch (decision 221) is always in view, on a phone too: a plain form post.
 */
export function SiteHeader({ user, lang }: { user: HeaderUser | null; lang: Lang }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);
  const inPanel = user !== null && location.pathname.startsWith('/user/');
  const t = siteTexts(lang);
  const other: Lang = lang === 'hi' ? 'en' : 'hi';

  const logout = (
    <Form method="post" action="/logout" className="inline-form">
      <button type="submit" className="btn btn-outline btn-sm">
        {t.nav.logout}
      </button>
    </Form>
  );

  return (
    <header className="site-header">
      <nav className="nav container" aria-label={t.nav.main}>
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            RS
          </span>
          <span>ReportSaathi</span>
        </Link>
        <div className="nav-links">
          {user ? (
            <>
              <NavLink to="/dashboard" className="nav-link">
                {t.nav.dashboard}
              </NavLink>
              <NavLink to="/upload" className="nav-link">
                {t.nav.upload}
              </NavLink>
              <span className="nav-email" title={user.email}>
                {user.email}
              </span>
              {logout}
            </>
          ) : (
            <>
              <NavLink to="/analyze" className="nav-link">
                {t.nav.tryAnalysis}
              </NavLink>
              <NavLink to="/login" className="nav-link">
                {t.nav.login}
              </NavLink>
              <Link to="/register" className="btn btn-primary btn-sm">
                {t.nav.register}
              </Link>
            </>
          )}
        </div>
        <Form method="post" action="/language" className="lang-switch" reloadDocument>
          <input type="hidden" name="to" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            name="lang"
            value={other}
            lang={other}
            className="btn btn-outline btn-sm"
            title={siteTexts(other).switchTo}
          >
            {other === 'hi' ? 'हिन्दी' : 'English'}
          </button>
        </Form>
        {inPanel ? null : (
          <details className="mobile-menu" ref={menu}>
            <summary className="menu-button" aria-label={t.nav.menu}>
              <span className="menu-icon" aria-hidden="true" />
              <span className="menu-text">{t.nav.menu}</span>
            </summary>
            {/* Close on the tap itself: on a slow connection the next page may take a while. */}
            <div
              className="mobile-panel"
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a') && menu.current) menu.current.open = false;
              }}
            >
              {user ? (
                <>
                  <Link to="/dashboard">{t.nav.dashboard}</Link>
                  <Link to="/upload">{t.nav.upload}</Link>
                  <span className="nav-email">{user.email}</span>
                  {logout}
                </>
              ) : (
                <>
                  <Link to="/analyze">{t.nav.tryAnalysisFree}</Link>
                  <Link to="/login">{t.nav.login}</Link>
                  <Link to="/register">{t.nav.register}</Link>
                </>
              )}
            </div>
          </details>
        )}
      </nav>
    </header>
  );
}
