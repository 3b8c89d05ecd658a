import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { unlockShareRequest, type SharedReport } from '@reportsaathi/contracts/share-links';
import { ListenButton } from '../components/listen-button';
import { PrintButton } from '../components/print-button';
import { SharedValues } from '../components/shared-values';
import { createApi } from '../utils/api.server';
import { apiRefusal, refusal } from '../utils/submit.server';
import { readCookie } from '../utils/cookies.server';
import { formatDate, formatDateTime, formatReportType } from '../utils/format';
import { labels } from '../utils/i18n';
import { say } from '../utils/messages';
import { shareTexts } from '../utils/share-texts';
import { usePageLang } from '../utils/use-lang';

/**
 * /s/{token}: a report a patient shared with a doctor. No account: the token names the link, the
 * PIN opens it, and a grant cookie (HttpOnly, this path only, 30 minutes at most) keeps it open
 * for reloads. It shows this report's values, ranges, flags, explanation and each value's trend,
 * nothing else; it is never indexed, cached, or named in a Referer (decision 128).
 */
const GRANT_COOKIE = 'rs_share';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The link's address is its credential, so it must never travel in a Referer. The opened report
 * sends no referrer at all. The PIN form's page uses strict-origin (a Referer, if any, is the site's
 * origin alone, never the path): under no-referrer the browser would post the PIN with
 * `Origin: null`, which Remix refuses as a cross-site action.
 */
const POLICY = { pin: 'strict-origin', open: 'no-referrer', gone: 'no-referrer' } as const;

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const h = new Headers({
    'Referrer-Policy':
      actionHeaders?.get('Referrer-Policy') ?? loaderHeaders.get('Referrer-Policy') ?? 'no-referrer',
    'X-Robots-Tag': 'noindex, nofollow',
    'Cache-Control': 'no-store',
  });
  for (const c of actionHeaders?.getSetCookie?.() ?? []) h.append('Set-Cookie', c);
  return h;
};

const policy = (state: keyof typeof POLICY) => ({ 'Referrer-Policy': POLICY[state] });

// The same policy as a meta element too: the layout's own referrer meta would otherwise override the
// header (a meta element set later in the document wins), so this one comes after it.
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: 'Shared report | ReportSaathi' },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: POLICY[d?.state ?? 'gone'] },
];

function secure(request: Request): string {
  const proto = request.headers.get('X-Forwarded-Proto') ?? new URL(request.url).protocol.replace(':', '');
  return proto === 'https' ? '; Secure' : '';
}

type PageData =
  | { state: 'gone'; lang: 'en' }
  | { state: 'pin'; lang: 'en' }
  | { state: 'open'; lang: 'en' | 'hi'; report: SharedReport };

function api(request: Request, context: LoaderFunctionArgs['context']) {
  // The doctor's visit carries no account: no session token goes along.
  const headers = new Headers(request.headers);
  headers.delete('Cookie');
  return createApi(new Request(request.url, { headers }), context);
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? '';
  if (!TOKEN.test(token))
    return data<PageData>({ state: 'gone', lang: 'en' }, { status: 404, headers: policy('gone') });
  const grant = readCookie(request, GRANT_COOKIE);
  try {
    const report = await api(request, context).sharedReport.view(
      { params: { token } },
      { headers: { 'X-Share-Grant': grant ?? '' } },
    );
    return data<PageData>({ state: 'open', lang: report.language, report }, { headers: policy('open') });
  } catch (caught) {
    const err = apiRefusal(caught);
    if (err.status === 401) return data<PageData>({ state: 'pin', lang: 'en' }, { headers: policy('pin') });
    if (err.status === 404)
      return data<PageData>({ state: 'gone', lang: 'en' }, { status: 404, headers: policy('gone') });
    throw err;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? '';
  if (!TOKEN.test(token))
    return data({ error: shareTexts('en').unavailable }, { status: 404, headers: policy('gone') });
  const form = await request.formData();
  // The PIN as the doctor may type it, in groups: the spaces are not part of it.
  form.set('pin', String(form.get('pin') ?? '').replace(/\s+/g, ''));
  const submission = parseWithZod(form, { schema: unlockShareRequest });
  if (submission.status !== 'success')
    return data(
      { error: submission.error?.pin?.[0] ?? 'Enter the 6-digit PIN' },
      { status: 400, headers: policy('pin') },
    );
  const { pin } = submission.value;
  try {
    const { grant, expires_at } = await api(request, context).sharedReport.unlock({
      params: { token },
      body: { pin },
    });
    const maxAge = Math.max(1, Math.floor((new Date(expires_at).getTime() - Date.now()) / 1000));
    return redirect(`/s/${token}`, {
      status: 303,
      headers: {
        'Set-Cookie': `${GRANT_COOKIE}=${grant}; Path=/s/${token}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure(request)}`,
      },
    });
  } catch (err) {
    const { message, status } = refusal(err, 'Failed to open the report');
    return data({ error: message }, { status, headers: policy('pin') });
  }
}

/**
 * The PIN form and the "link gone" card speak the visitor's language (the header's switch): the
 * report's own language is not known before the PIN, and telling it would tell something about the
 * patient.
 */
function PinForm({ error }: { error: string | null }) {
  const lang = usePageLang();
  const st = shareTexts(lang);
  return (
    <div className="container narrow page-pad">
      <div className="card">
        <h1>{st.sharedTitle}</h1>
        <p className="muted">{st.sharedBy}</p>
        <Form method="post" reloadDocument className="pin-form">
          <label htmlFor="share-pin">{st.enterPin}</label>
          <input
            id="share-pin"
            name="pin"
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'pin-error' : undefined}
          />
          {error ? (
            <p id="pin-error" className="field-error" role="alert">
              {say(lang, error)}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary">
            {st.open}
          </button>
        </Form>
      </div>
    </div>
  );
}

export default function SharedReportPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const visitor = shareTexts(usePageLang());
  if (page.state === 'gone')
    return (
      <div className="container narrow page-pad">
        <div className="card empty">
          <h1>{visitor.sharedTitle}</h1>
          <p role="alert">{visitor.unavailable}</p>
        </div>
      </div>
    );
  if (page.state === 'pin') return <PinForm error={actionData?.error ?? null} />;
  const { report, lang } = page;
  const t = labels(lang);
  const st = shareTexts(lang);
  // The doctor's view (decision 233): findings worded for a clinician, not the patient's explanation.
  const findings = report.clinician_findings.join('\n');
  const who = report.patient;
  return (
    <div className="container page-pad shared-report" lang={lang}>
      <h1>{st.sharedTitle}</h1>
      <p className="muted small">{st.sharedBy}</p>
      <p className="small">{st.forClinician}</p>
      <div className="row-actions no-print">
        <PrintButton label={st.savePdf} />
        <span className="muted small">{st.savePdfHint}</span>
      </div>
      <section className="card" aria-labelledby="patient-title">
        <h2 id="patient-title">{st.patientDetails}</h2>
        {who ? (
          <dl className="meta-list" data-shared-patient>
            {who.name ? (
              <>
                <dt>{st.name}</dt>
                <dd>{who.name}</dd>
              </>
            ) : null}
            {who.age !== null ? (
              <>
                <dt>{st.age}</dt>
                <dd>
                  {who.age} {st.years}
                </dd>
              </>
            ) : null}
            {who.sex ? (
              <>
                <dt>{st.sex}</dt>
                <dd>{st.sexes[who.sex] ?? who.sex}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="muted small" data-shared-patient="none">
            {st.notShared}
          </p>
        )}
        <dl className="meta-list">
          <dt>{t.reportType}</dt>
          <dd>{formatReportType(report.report_type, lang)}</dd>
          <dt>{st.reportDate}</dt>
          <dd>{formatDate(report.report_date, lang)}</dd>
          <dt>{st.linkExpires}</dt>
          <dd>{formatDateTime(report.expires_at, lang)}</dd>
        </dl>
      </section>
      {findings ? (
        <section className="card" aria-labelledby="findings-title">
          <h2 id="findings-title">{st.clinicianFindings}</h2>
          <ul className="findings" data-clinician-findings>
            {report.clinician_findings.map((f, i) => (
              <li key={i}>{f}</li>
            ))}
          </ul>
          <ListenButton text={findings} lang={lang} t={st} label={st.clinicianFindings} />
        </section>
      ) : null}
      <SharedValues values={report.values} t={t} st={st} />
      <p className="muted small">{st.rangesUsed}</p>
      <div className="disclaimer-box" role="note">
        {st.disclaimer}
      </div>
    </div>
  );
}
