// @ts-nocheck
// 
import type { MetaFunction } from '@remix-run/node';
import { Link, useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '../root';

export const meta: MetaFunction = () => [
  { title: 'ReportSaathi: understand your medical reports' },
  {
    name: 'description',
    content:
      'Upload a lab report, X-ray or scan report and get it explained in plain language. Educational only.',
  },
];

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

const FEATURES = [
  {
    icon: 'upload',
    title: 'Upload any report',
    text: 'PDF, photo (PNG, JPG) or text file of your blood test, X-ray, scan or discharge summary, up to 10 MB.',
  },
  {
    icon: 'spark',
    title: 'AI analysis',
    text: 'A plain-language summary, key findings and recommendations, with every value compared to its normal range.',
  },
  {
    icon: 'lock',
    title: 'Privacy and security',
    text: 'Your reports are private to your account, sent over encrypted connections and never sold.',
  },
  {
    icon: 'chart',
    title: 'Track your health',
    text: 'Keep your reports in one place and look back at your history whenever you need it.',
  },
];

const STEPS = [
  {
    title: 'Upload your report',
    text: 'Choose the PDF, photo or text file you received from the lab or hospital.',
  },
  {
    title: 'AI reads it',
    text: 'The values are extracted and compared with reference ranges. It takes 1-2 minutes.',
  },
  {
    title: 'Understand and ask',
    text: 'Read the explanation, see what is outside the normal range, and ask questions before your doctor visit.',
  },
];

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const user = root?.user ?? null;
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Understand Your Medical Reports</h1>
          <p>
            Got a lab report full of numbers and medical terms? Upload it and get a clear explanation in
            simple English or Hindi. Educational only, not a diagnosis.
          </p>
          <div className="btn-row">
            {user ? (
              <Link to="/dashboard" className="btn btn-light">
                Go to Dashboard
              </Link>
            ) : (
              <>
                <Link to="/analyze" className="btn btn-light">
                  Try Analysis Free
                </Link>
                <Link to="/register" className="btn btn-outline">
                  Register
                </Link>
                <Link to="/login" className="btn btn-outline">
                  Login
                </Link>
              </>
            )}
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          Why ReportSaathi
        </h2>
        <div className="grid grid-4">
          {FEATURES.map((f) => (
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
          How It Works
        </h2>
        <ol className="grid grid-3 steps">
          {STEPS.map((s, i) => (
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
          Choose Your Experience
        </h2>
        <div className="grid grid-2">
          <div className="card plan">
            <h3>Try Free</h3>
            <ul>
              <li>3 free analyses per day</li>
              <li>Instant analysis</li>
              <li>Key findings and recommendations</li>
              <li>No account required</li>
              <li>48-hour report access</li>
            </ul>
            <Link to="/analyze" className="btn btn-outline">
              Try Analysis Free
            </Link>
          </div>
          <div className="card plan plan-recommended">
            <span className="ribbon">Recommended</span>
            <h3>Full Access</h3>
            <ul>
              <li>Unlimited analyses</li>
              <li>Chat with the AI about your reports</li>
              <li>Permanent storage</li>
              <li>Report history</li>
              <li>Advanced analysis features</li>
            </ul>
            <Link to={user ? '/dashboard' : '/register'} className="btn btn-primary">
              {user ? 'Go to Dashboard' : 'Register Free Account'}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
