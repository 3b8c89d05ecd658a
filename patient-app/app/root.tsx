import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
// The zod-free module: the index would put every schema (zod, 26 KB gzip) into every page's JS.
import { DEFAULT_MAINTENANCE_MESSAGE } from '@reportsaathi/contracts/constants';
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useContext, useEffect } from 'react';
import { MaintenanceBanner } from './components/maintenance-banner';
import { ConfirmEmailBanner } from './components/confirm-email-banner';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { Toaster } from './components/toaster';
import stylesUrl from './styles/app.css?url';
import { createApi } from './utils/api.server';
import { apiRefusal } from './utils/submit.server';
import { getUser } from './utils/auth.server';
import { clearFlashCookie, readFlash, readLangCookie } from './utils/cookies.server';
import { FrameContext } from './utils/frame-context';
import { pageLang, siteTexts } from './utils/site-texts';
import { siteConfig } from './utils/site.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesUrl },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [
  { title: 'ReportSaathi: understand your medical reports' },
  {
    name: 'description',
    content:
      'Upload a medical report and get it explained in plain language. Educational only, not a diagnosis.',
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // An API hiccup must not take the public pages down with it: show them signed out instead.
  const [user, maintenance] = await Promise.all([
    getUser(request, context).catch((err: unknown) => {
      apiRefusal(err);
      return null;
    }),
    // Public and cached by the API (a few seconds); a failure just shows no banner.
    createApi(request, context)
      .status.maintenance()
      .catch(() => null),
  ]);
  const flash = readFlash(request);
  const headers = new Headers();
  if (flash) headers.append('Set-Cookie', clearFlashCookie(request));
  return data(
    {
      user: user
        ? {
            id: user.id,
            email: user.email,
            full_name: user.full_name,
            language: user.preferences.language,
            theme: user.preferences.theme,
            verified: user.is_verified,
          }
        : null,
      // The language of the site's frame and of the guest's pages (decision 221).
      lang: pageLang(user?.preferences.language, readLangCookie(request)),
      maintenance: maintenance?.maintenance_mode ? maintenance : null,
      flash: flash ? { ...flash, id: `${Date.now()}-${Math.random().toString(36).slice(2)}` } : null,
      ...siteConfig(),
      nonce: context.cspNonce ?? null,
    },
    { headers },
  );
}

/** The root re-reads on every navigation: the user and one-shot messages may change with any redirect. */
export const shouldRevalidate = () => true;

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

/** In the browser without the root's data (the 404): the language the server drew the page in. */
function langOfDocument(): 'en' | 'hi' {
  return typeof document !== 'undefined' && document.documentElement.lang === 'hi' ? 'hi' : 'en';
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const frame = useContext(FrameContext);
  const lang = root?.lang ?? frame?.lang ?? langOfDocument();
  const nonce = root?.nonce ?? frame?.nonce ?? undefined;
  const st = siteTexts(lang);
  return (
    // The signed-in user's theme (Light, Dark or Auto, which follows the phone) colours every page.
    <html lang={lang} data-theme={root?.user?.theme ?? 'light'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        {/* Browsers send "Origin: null" on form posts under a no-referrer policy, and Remix refuses such
            posts as cross-site; same-origin keeps the origin on our own posts and leaks nothing elsewhere. */}
        <meta name="referrer" content="same-origin" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {st.skip}
        </a>
        <MaintenanceBanner status={root?.maintenance ?? null} />
        <ConfirmEmailBanner user={root?.user ?? null} />
        <SiteHeader user={root?.user ?? null} lang={lang} />
        <Toaster flash={root?.flash ?? null} lang={lang} />
        <main id="main" className="site-main">
          {children}
        </main>
        <SiteFooter
          supportEmail={root?.supportEmail ?? 'support@reportsaathi.in'}
          signedIn={Boolean(root?.user)}
          lang={lang}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page once React has taken it over (child effects have run by then), so a browser test
  // can tell a hydrated page from the server's HTML.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const frame = useContext(FrameContext);
  const st = siteTexts(root?.lang ?? frame?.lang ?? langOfDocument());
  // During maintenance the patient API answers 503: say so instead of "Something went wrong".
  if (root?.maintenance)
    return (
      <div className="container narrow page-pad">
        <h1>{st.error.maintenance}</h1>
        <p>{root.maintenance.message ?? DEFAULT_MAINTENANCE_MESSAGE}</p>
        <Link to="/" className="btn btn-primary">
          {st.error.home}
        </Link>
      </div>
    );
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A page's own words ('Report not found') are shown; the router's 'Error: No route matches URL …'
  // for an unknown address is not for a visitor's eyes.
  const own =
    isRouteErrorResponse(error) && typeof error.data === 'string' && !error.data.startsWith('Error:');
  const message = own ? (error.data as string) : status === 404 ? st.error.notFound : st.error.generic;
  return (
    <div className="container narrow page-pad">
      <h1>{status === 404 ? st.error.notFoundTitle : st.error.title}</h1>
      <p>{message}</p>
      <Link to="/" className="btn btn-primary">
        {st.error.home}
      </Link>
    </div>
  );
}
