import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import type { SessionInfo } from '@reportsaathi/contracts';
import { DisableForm } from '../components/security/disable-form';
import { EnableForm } from '../components/security/enable-form';
import { StartSetupForm } from '../components/security/start-setup-form';
import { ShareLinksList } from '../components/share-links-list';
import { shareTexts } from '../utils/share-texts';
import { requireUser } from '../utils/auth.server';
import { formatDateTime } from '../utils/format';
import { section } from '../utils/load.server';
import { securityAction } from '../utils/security.server';
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

const BACK = '/user/security';

export const action = ({ request, context }: ActionFunctionArgs) => securityAction(request, context);

export default function Security() {
  const { status, sessions, error, shareLinks, lang } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const setup = answer && 'setup' in answer ? answer.setup : undefined;
  const recoveryCodes = answer && 'recoveryCodes' in answer ? answer.recoveryCodes : undefined;
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
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} t={t} />
        ) : setup ? (
          <EnableForm setup={setup} busy={busy} t={t} />
        ) : status?.enabled ? (
          <>
            <p>
              <span className="badge badge-green">{t.on}</span> {t.onText}
              <strong>{status.recovery_codes_remaining}</strong>.
            </p>
            <h3>{t.turnOffTitle}</h3>
            <DisableForm busy={busy} t={t} />
          </>
        ) : (
          <>
            <p>
              <span className="badge">{t.off}</span> {t.offText}
            </p>
            <StartSetupForm busy={busy} t={t} />
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
