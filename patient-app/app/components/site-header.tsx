import { Form, Link, NavLink, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

interface HeaderUser {
  email: string;
}

/**
 * The navigation bar. The mobile menu is a <details> element, so it opens and closes
 * without JavaScript; with JavaScript it also closes after a navigation. Inside the user panel
 * (/user/*) a phone gets no second menu: the panel's own drawer and logout (user.tsx) stand in for it.
 */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);
  const inPanel = user !== null && location.pathname.startsWith('/user/');

  const logout = (
    <Form method="post" action="/logout" className="inline-form">
      <button type="submit" className="btn btn-outline btn-sm">
        Logout
      </button>
    </Form>
  );

  return (
    <header className="site-header">
      <nav className="nav container" aria-label="Main">
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
                Dashboard
              </NavLink>
              <NavLink to="/upload" className="nav-link">
                Upload Report
              </NavLink>
              <span className="nav-email" title={user.email}>
                {user.email}
              </span>
              {logout}
            </>
          ) : (
            <>
              <NavLink to="/analyze" className="nav-link">
                Try Analysis
              </NavLink>
              <NavLink to="/login" className="nav-link">
                Login
              </NavLink>
              <Link to="/register" className="btn btn-primary btn-sm">
                Register
              </Link>
            </>
          )}
        </div>
        {inPanel ? null : (
          <details className="mobile-menu" ref={menu}>
            <summary className="menu-button" aria-label="Menu">
              <span className="menu-icon" aria-hidden="true" />
              <span className="menu-text">Menu</span>
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
                  <Link to="/dashboard">Dashboard</Link>
                  <Link to="/upload">Upload Report</Link>
                  <span className="nav-email">{user.email}</span>
                  {logout}
                </>
              ) : (
                <>
                  <Link to="/analyze">Try Analysis (Free)</Link>
                  <Link to="/login">Login</Link>
                  <Link to="/register">Register</Link>
                </>
              )}
            </div>
          </details>
        )}
      </nav>
    </header>
  );
}
