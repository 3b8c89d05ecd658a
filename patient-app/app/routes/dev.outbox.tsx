import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { createApi } from '../utils/api.server';
import { apiRefusal } from '../utils/submit.server';

export const meta: MetaFunction = () => [
  { title: 'Outbox (development) | ReportSaathi' },
  { name: 'robots', content: 'noindex' },
];

/**
 * Development only, with no SMTP server configured: the mail the product would have sent
 * (DATA_DIR/outbox), newest first, with its links, so the quick start's reset and confirmation
 * work without a mail server (decision 230). The API answers 404 everywhere else.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    return (await createApi(request, context).account.outbox()).mails;
  } catch (err) {
    if (apiRefusal(err).status === 404) throw new Response('Not Found', { status: 404 });
    throw err;
  }
}

const LINK = /(https?:\/\/[^\s<>"]+)/g;

export default function Outbox() {
  const mails = useLoaderData<typeof loader>();
  return (
    <div className="container page-pad section-stack">
      <h1>Outbox (development)</h1>
      <p className="muted">
        No SMTP server is configured (SMTP_HOST), so mail is kept here instead of being sent. Newest first.
      </p>
      {mails.length === 0 ? <p>No mail yet.</p> : null}
      {mails.map((m) => (
        <article key={m.id} className="card" aria-label={m.subject}>
          <h2 style={{ fontSize: '1.05rem' }}>{m.subject}</h2>
          <p className="muted small">
            To {m.to} · {new Date(m.created_at).toLocaleString('en-IN')}
          </p>
          <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.text.split(LINK).map((part, i) =>
              i % 2 === 1 ? (
                <a key={i} href={part}>
                  {part}
                </a>
              ) : (
                part
              ),
            )}
          </pre>
        </article>
      ))}
    </div>
  );
}
