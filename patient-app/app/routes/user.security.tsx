import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { twoFactorEnableRequest, type SessionInfo, type TwoFactorSetup } from '@reportsaathi/contracts';
import { Field } from '../components/field';
import { ShareLinksList } from '../components/share-links-list';
import { shareTexts } from '../utils/share-texts';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { formatDateTime } from '../utils/format';
import { fieldErrors } from '../utils/forms';
import { failure, section } from '../utils/load.server';

import { securityTexts, type SecurityTexts } from '../utils/security-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${securityTexts(metaLang(matches)).title} | ReportSaathi` },
];

/**
 * /user/security: two-factor sign-in (QR and secret, enable with a code, recovery codes shown once,
 * enable and disable need the current password) and the signed-in devices (revoke one, revoke all others).
 * Every button is a plain form post, so the page works without JavaScript. The secret and the
 * recovery codes are never stored by this app: they come back in the action's answer only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const [status, sessions, shareLinks] = await Promise.all([
    section(api.ownSecurity.twoFactorStatus(), 'Failed to load two-factor status'),
    section(api.ownSecurity.sessions(), 'Failed to load sessions'),
    section(api.shareLinks.mine(), 'Failed to load share links'),
  ]);
  return {
    status: status.data,
    sessions: sessions.data?.sessions ?? [],
    shareLinks: shareLinks.data?.links ?? [],
    lang: user.preferences.language,
    error: status.error ?? sessions.error,
  };
}

type Setup = Pick<TwoFactorSetup, 'secret' | 'qr_code'>;
type Result = {
  intent: string;
  setup?: Setup;
  recoveryCodes?: string[];
  errors?: Record<string, string>;
  formError?: string;
};

const BACK = '/user/security';

function done(request: Request, kind: 'success' | 'error', message: string) {
  return redirect(BACK, { headers: { 'Set-Cookie': setFlashCookie(request, { kind, message }) } });
}

/** The setup echoed back from the enable form after a wrong code (so the QR need not be redone). */
function setupFrom(form: FormData): Setup | undefined {
  const secret = String(form.get('secret') ?? '');
  const qr = String(form.get('qr_code') ?? '');
  if (!/^[A-Z2-7]{16,128}$/.test(secret)) return undefined;
  // Only our own PNG data URL goes back into an <img>, never a caller's arbitrary URL.
  return { secret, qr_code: /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(qr) ? qr : '' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');

  if (intent === 'setup') {
    try {
      const s = await api.ownSecurity.setupTwoFactor();
      return data<Result>({ intent, setup: { secret: s.secret, qr_code: s.qr_code } });
    } catch (err) {
      return data<Result>({ intent, formError: failure(err, 'Failed to start two-factor setup') }, 400);
    }
  }

  if (intent === 'enable') {
    const setup = setupFrom(form);
    const parsed = twoFactorEnableRequest.safeParse({
      token: String(form.get('token') ?? ''),
      password: String(form.get('password') ?? ''),
    });
    if (!parsed.success)
      return data<Result>({ intent, setup, errors: fieldErrors(parsed.error) }, { status: 400 });
    try {
      const r = await api.ownSecurity.enableTwoFactor({ body: parsed.data });
      return data<Result>({ intent, recoveryCodes: r.recovery_codes });
    } catch (err) {
      const message = failure(err, 'Failed to enable two-factor authentication');
      // A wrong password is the password's error; anything else the code's.
      const field = /password/i.test(message) ? 'password' : 'token';
      return data<Result>({ intent, setup, errors: { [field]: message } }, { status: 400 });
    }
  }

  if (intent === 'disable') {
    const password = String(form.get('password') ?? '');
    if (!password) return data<Result>({ intent, formError: 'Enter your current password' }, { status: 400 });
    try {
      await api.ownSecurity.disableTwoFactor({ body: { password } });
      return done(request, 'success', 'Two-factor authentication is off');
    } catch (err) {
      return data<Result>(
        { intent, formError: failure(err, 'Failed to disable two-factor authentication') },
        { status: 400 },
      );
    }
  }

  if (intent === 'revoke') {
    try {
      await api.ownSecurity.revokeSession({ params: { id: String(form.get('session_id') ?? '') } });
      return done(request, 'success', 'Session revoked');
    } catch (err) {
      return done(request, 'error', failure(err, 'Failed to revoke the session'));
    }
  }

  if (intent === 'revoke_others') {
    try {
      const r = await api.ownSecurity.revokeOtherSessions();
      return done(request, 'success', r.message);
    } catch (err) {
      return done(request, 'error', failure(err, 'Failed to sign out other sessions'));
    }
  }

  return data<Result>({ intent, formError: 'Unknown action' }, { status: 400 });
}

export default function Security() {
  const { status, sessions, error, shareLinks, lang } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const setup = result?.setup;
  const t = securityTexts(lang);

  return (
    <div className="section-stack">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      {error ? (
        <div className="form-error" role="alert">
          {say(lang, error)}
        </div>
      ) : null}

      <section className="card" aria-labelledby="sec-2fa">
        <h2 id="sec-2fa">{t.twoFactor}</h2>
        {result?.recoveryCodes ? (
          <RecoveryCodes codes={result.recoveryCodes} t={t} />
        ) : setup ? (
          <SetupForm setup={setup} errors={result?.errors} busy={busy} t={t} />
        ) : status?.enabled ? (
          <>
            <p>
              <span className="badge badge-green">{t.on}</span> {t.onText}
              <strong>{status.recovery_codes_remaining}</strong>.
            </p>
            <h3>{t.turnOffTitle}</h3>
            {result?.intent === 'disable' && result.formError ? (
              <div className="form-error" role="alert">
                {say(lang, result.formError)}
              </div>
            ) : null}
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="disable" />
              <Field
                name="password"
                id="disable-password"
                label={t.currentPassword}
                type="password"
                autoComplete="current-password"
              />
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {t.turnOff}
              </button>
            </Form>
          </>
        ) : (
          <>
            <p>
              <span className="badge">{t.off}</span> {t.offText}
            </p>
            {result?.intent === 'setup' && result.formError ? (
              <div className="form-error" role="alert">
                {say(lang, result.formError)}
              </div>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="setup" />
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t.setUp}
              </button>
            </Form>
          </>
        )}
      </section>

      <section className="card" aria-labelledby="sec-sessions">
        <h2 id="sec-sessions">{t.signedIn}</h2>
        <Sessions sessions={sessions} busy={busy} t={t} />
      </section>

      <section className="card" aria-labelledby="sec-share-links">
        <h2 id="sec-share-links">{shareTexts(lang).allLinks}</h2>
        <ShareLinksList links={shareLinks} t={shareTexts(lang)} back="/user/security" showReport />
      </section>
    </div>
  );
}

function SetupForm({
  setup,
  errors,
  busy,
  t,
}: {
  setup: Setup;
  errors?: Record<string, string | undefined>;
  busy: boolean;
  t: SecurityTexts;
}) {
  return (
    <>
      <ol>
        <li>{t.scan}</li>
        <li>{t.enterCode}</li>
      </ol>
      {setup.qr_code ? <img src={setup.qr_code} alt={t.qrAlt} width={200} height={200} /> : null}
      <p>
        {t.secret}
        <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="enable" />
        <input type="hidden" name="secret" value={setup.secret} />
        <input type="hidden" name="qr_code" value={setup.qr_code} />
        <Field
          name="token"
          id="enable-token"
          label={t.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          error={errors?.token}
        />
        <Field
          name="password"
          id="enable-password"
          label={t.currentPassword}
          type="password"
          autoComplete="current-password"
          error={errors?.password}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t.turnOn}
        </button>
      </Form>
    </>
  );
}

function RecoveryCodes({ codes, t }: { codes: string[]; t: SecurityTexts }) {
  return (
    <div role="status">
      <p>
        <span className="badge badge-green">{t.on}</span> {t.isOn}
      </p>
      <p>
        <strong>{t.saveCodes}</strong>
        {t.eachCode}
      </p>
      <ul className="recovery-codes" aria-label={t.codes}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <a href={BACK} className="btn btn-outline">
        {t.saved}
      </a>
    </div>
  );
}

/** The API names a device in English ('Chrome on Android', 'Unknown browser on Linux'). */
function deviceName(device: string, t: SecurityTexts): string {
  return device
    .replace(/^Unknown device$/, t.unknownDevice)
    .replace(/^Unknown browser/, t.unknownBrowser)
    .replace(/ on /, t.on_);
}

function Sessions({ sessions, busy, t }: { sessions: SessionInfo[]; busy: boolean; t: SecurityTexts }) {
  const lang = usePageLang();
  if (sessions.length === 0) return <p className="muted">{t.noSessions}</p>;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <>
      <div className="table-wrap">
        <table className="data-table stack">
          <thead>
            <tr>
              <th scope="col">{t.device}</th>
              <th scope="col">{t.ip}</th>
              <th scope="col">{t.signedInAt}</th>
              <th scope="col">{t.lastSeen}</th>
              <th scope="col">
                <span className="visually-hidden">{t.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id}>
                <td>
                  {deviceName(s.device, t)}{' '}
                  {s.current ? <span className="badge badge-green">{t.thisDevice}</span> : null}
                </td>
                <td data-label={t.ip}>{s.ip_address ?? t.unknown}</td>
                <td data-label={t.signedInAt}>{formatDateTime(s.created_at, lang)}</td>
                <td data-label={t.lastSeen}>{formatDateTime(s.last_seen_at, lang)}</td>
                <td>
                  {s.current ? null : (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="session_id" value={s.id} />
                      <button
                        type="submit"
                        className="btn btn-outline btn-sm"
                        disabled={busy}
                        aria-label={t.revokeLabel(
                          deviceName(s.device, t),
                          formatDateTime(s.created_at, lang),
                        )}
                      >
                        {t.revoke}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="revoke_others" />
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {t.signOutOthers}
          </button>
        </Form>
      ) : null}
    </>
  );
}
