import type { MetaFunction } from '@remix-run/node';
import { Link, useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '../root';
import { homeTexts } from '../utils/home-texts';
import { metaLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => {
  const t = homeTexts(metaLang(matches));
  return [{ title: t.title }, { name: 'description', content: t.description }];
};

// Simple line icons drawn inline: no icon font or emoji font is needed on the phone.
const ICONS: Record<string, string> = {
  upload: 'M12 16V4m0 0l-5 5m5-5l5 5M4 20h16',
  spark: 'M12 3v4m0 10v4m9-9h-4M7 12H3m15.4-6.4l-2.8 2.8M8.4 15.6l-2.8 2.8m12.8 0l-2.8-2.8M8.4 8.4L5.6 5.6',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4',
  chart: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
};

function Icon({ name }: { name: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={ICONS[name]} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const user = root?.user ?? null;
  const t = homeTexts(root?.lang);
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>{t.heading}</h1>
          <p>{t.intro}</p>
          <div className="btn-row">
            {user ? (
              <Link to="/dashboard" className="btn btn-light">
                {t.dashboard}
              </Link>
            ) : (
              <>
                <Link to="/analyze" className="btn btn-light">
                  {t.tryFree}
                </Link>
                <Link to="/register" className="btn btn-outline">
                  {t.register}
                </Link>
                <Link to="/login" className="btn btn-outline">
                  {t.login}
                </Link>
              </>
            )}
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t.why}
        </h2>
        <div className="grid grid-4">
          {t.features.map((f) => (
            <div key={f.title} className="card">
              <span className="feature-icon">
                <Icon name={f.icon} />
              </span>
              <h3>{f.title}</h3>
              <p className="muted">{f.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="section container" aria-labelledby="how-title">
        <h2 id="how-title" className="section-title">
          {t.how}
        </h2>
        <ol className="grid grid-3 steps">
          {t.steps.map((s, i) => (
            <li key={s.title} className="card">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{s.title}</h3>
              <p className="muted">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section container" aria-labelledby="plans-title">
        <h2 id="plans-title" className="section-title">
          {t.choose}
        </h2>
        <div className="grid grid-2">
          <div className="card plan">
            <h3>{t.tryPlan}</h3>
            <ul>
              {t.tryItems.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <Link to="/analyze" className="btn btn-outline">
              {t.tryFree}
            </Link>
          </div>
          <div className="card plan plan-recommended">
            <span className="ribbon">{t.recommended}</span>
            <h3>{t.fullPlan}</h3>
            <ul>
              {t.fullItems.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <Link to={user ? '/dashboard' : '/register'} className="btn btn-primary">
              {user ? t.dashboard : t.registerFree}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
