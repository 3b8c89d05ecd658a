// @ts-nocheck
import { Link, useLocation } from '@remix-run/react';
import type { PanelLabels } from '../utils/panel-i18n';

export interface PanelLink {
  to: string;
  label: string;
}

export function panelLinks(t: PanelLabels): PanelLink[] {
  return [
    { to: '/user/dashboard', label: t.nav.dashboard },
    { to: '/user/reports', label: t.nav.reports },
    { to: '/user/chats', label: t.nav.chats },
    { to: '/upload', label: t.nav.upload },
    { to: '/user/profile', label: t.nav.profile },
    { to: '/user/preferences', label: t.nav.preferences },
    { to: '/user/trends', label: t.nav.trends },
    { to: '/user/subscription', label: t.nav.subscription },
  ];
}

/** A link is active when the path equals it or continues it after a slash (/user/reports/…, not /user/reportsx). */
export function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function PanelNav({ t, id }: { t: PanelLabels; id: string }) {
  const { pathname } = useLocation();
  return (
    <nav className="panel-nav" aria-labelledby={id}>
      <p className="panel-nav-title" id={id}>
        {t.myPanel}
      </p>
      <ul>
        {panelLinks(t).map((l) => {
          const active = isActive(pathname, l.to);
          return (
            <li key={l.to}>
              <Link
                to={l.to}
                className={active ? 'panel-link active' : 'panel-link'}
                aria-current={active ? 'page' : undefined}
              >
                {l.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
