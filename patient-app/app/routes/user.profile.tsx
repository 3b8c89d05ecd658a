import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import {
  ANONYMIZE_DEFAULT_DAYS,
  ANONYMIZE_MAX_DAYS,
  ANONYMIZE_MIN_DAYS,
  RETENTION_PERIODS,
  USER_DATA_TYPES,
  USER_MESSAGES,
  anonymizeRequest,
  changePasswordForm,
  profileUpdateRequest,
  type UserDataType,
} from '@reportsaathi/contracts/user';
import { useEffect, useRef } from 'react';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { Field } from '../components/field';
import { PreferencesForm } from '../components/preferences-form';
import { toast } from '../components/toaster';
import { ApiError } from '../utils/api.server';
import { requireUser } from '../utils/auth.server';
import { clearTokenCookie, setFlashCookie } from '../utils/cookies.server';
import { fieldErrors, formToObject, type FieldErrors } from '../utils/forms';
import { section } from '../utils/load.server';
import type { loader as rootLoader } from '../root';
import { profileTexts } from '../utils/profile-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${profileTexts(metaLang(matches)).title} | ReportSaathi` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  const [overview, retention, summary] = await Promise.all([
    section(api.privacy.overview(), 'Failed to load privacy data'),
    section(api.privacy.retention(), 'Failed to load privacy data'),
    section(api.user.accountSummary(), 'Failed to load user data'),
  ]);
  return {
    user: { full_name: user.full_name ?? '', email: user.email },
    prefs: user.preferences,
    overview: overview.data,
    retention: retention.data?.retention ?? overview.data?.retention ?? null,
    summary: summary.data,
    error: overview.error ?? retention.error ?? summary.error,
  };
}

type Result = {
  intent: string;
  errors?: FieldErrors;
  formError?: string;
};

function back(request: Request, kind: 'success' | 'error' | 'info', message: string, extra: string[] = []) {
  const headers = new Headers();
  headers.append('Set-Cookie', setFlashCookie(request, { kind, message }));
  for (const h of extra) headers.append('Set-Cookie', h);
  return redirect('/user/profile', { headers });
}

function fail(intent: string, err: unknown, fallback: string, status = 400) {
  if (!(err instanceof ApiError)) throw err;
  const formError = err.status === 0 ? fallback : err.detail || fallback;
  return data<Result>({ intent, formError, errors: err.errors }, { status: err.status || status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const has = (n: string) => form.get(n) === 'on';

  if (intent === 'profile') {
    const parsed = profileUpdateRequest.safeParse(
      formToObject(form, ['full_name', 'email', 'current_password']),
    );
    if (!parsed.success) return data<Result>({ intent, errors: fieldErrors(parsed.error) }, { status: 400 });
    try {
      const res = await api.user.updateProfile({ body: parsed.data });
      // A new address is only asked for: the message says a link went to it (decision 230).
      return res.email_change_requested
        ? back(request, 'info', res.message)
        : back(request, 'success', USER_MESSAGES.profileUpdated);
    } catch (err) {
      return fail(intent, err, 'Failed to update profile');
    }
  }

  if (intent === 'password') {
    const parsed = changePasswordForm.safeParse(
      formToObject(form, ['current_password', 'new_password', 'confirm_password']),
    );
    if (!parsed.success) return data<Result>({ intent, errors: fieldErrors(parsed.error) }, { status: 400 });
    try {
      await api.user.changePassword({
        body: { current_password: parsed.data.current_password, new_password: parsed.data.new_password },
      });
      return back(request, 'success', USER_MESSAGES.passwordChanged);
    } catch (err) {
      return fail(intent, err, 'Failed to change password');
    }
  }

  if (intent === 'retention') {
    const days = Number(form.get('data_retention_days'));
    try {
      await api.privacy.updateRetention({
        body: {
          auto_delete_old_reports: has('auto_delete_old_reports'),
          data_retention_days: days,
          delete_inactive_chats: has('delete_inactive_chats'),
          anonymize_old_data: has('anonymize_old_data'),
        },
      });
      return back(request, 'success', USER_MESSAGES.retentionUpdated);
    } catch (err) {
      return fail(intent, err, 'Failed to update data retention settings');
    }
  }

  if (intent === 'anonymize') {
    const parsed = anonymizeRequest.safeParse({
      data_types: form.getAll('data_types').map(String),
      older_than_days: Number(form.get('older_than_days')),
      confirmation: has('confirmation'),
    });
    if (!parsed.success) return data<Result>({ intent, errors: fieldErrors(parsed.error) }, { status: 400 });
    try {
      const res = await api.privacy.anonymize({ body: parsed.data });
      const counts = Object.entries(res.anonymized_counts)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      return back(request, 'success', `Data anonymization completed. Anonymized: ${counts}`);
    } catch (err) {
      return fail(intent, err, 'Failed to anonymize data');
    }
  }

  if (intent === 'deactivate') {
    try {
      await api.user.deactivate();
    } catch (err) {
      return fail(intent, err, 'Failed to deactivate account');
    }
    // The account is closed: the session goes with it, and the login page says how to come back.
    const headers = new Headers();
    headers.append('Set-Cookie', clearTokenCookie(request));
    headers.append(
      'Set-Cookie',
      setFlashCookie(request, {
        kind: 'info',
        message: 'Your account has been deactivated. Please contact support to reactivate it.',
      }),
    );
    return redirect('/login', { headers });
  }

  return data<Result>({ intent, formError: 'Unknown action' }, { status: 400 });
}

function FormError({ result, intent }: { result: Result | undefined; intent: string }) {
  const lang = usePageLang();
  if (!result || result.intent !== intent || !result.formError) return null;
  return (
    <div className="form-error" role="alert">
      {say(lang, result.formError)}
    </div>
  );
}

export default function ProfileSettings() {
  const { user, prefs, overview, retention, summary, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  // After a successful change (it arrives as a toast) the three password fields are emptied; a
  // refused attempt keeps what was typed. Without JavaScript the page reloads empty anyway.
  const flash = useRouteLoaderData<typeof rootLoader>('root')?.flash;
  const passwordForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (flash?.message === USER_MESSAGES.passwordChanged) passwordForm.current?.reset();
  }, [flash]);
  const lang = usePageLang();
  const t = profileTexts(lang);
  const err = (intent: string, name: string) =>
    result?.intent === intent ? result.errors?.[name] : undefined;
  return (
    <div className="section-stack">
      <h1>{t.title}</h1>
      {error ? (
        <div className="form-error" role="alert">
          {say(lang, error)}
        </div>
      ) : null}

      <section className="card" aria-labelledby="s-profile">
        <h2 id="s-profile">{t.profile}</h2>
        <Form method="post">
          <input type="hidden" name="intent" value="profile" />
          <FormError result={result} intent="profile" />
          <Field
            name="full_name"
            label={t.fullName}
            defaultValue={user.full_name}
            required
            error={err('profile', 'full_name')}
          />
          <Field
            name="email"
            label={t.email}
            type="email"
            defaultValue={user.email}
            required
            error={err('profile', 'email')}
          />
          <Field
            name="current_password"
            id="profile-current-password"
            label={t.currentForEmail}
            type="password"
            autoComplete="current-password"
            error={err('profile', 'current_password')}
          />
          <button type="submit" className="btn btn-primary">
            {t.updateProfile}
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="s-password">
        <h2 id="s-password">{t.password}</h2>
        <Form method="post" ref={passwordForm} autoComplete="off">
          <input type="hidden" name="intent" value="password" />
          <FormError result={result} intent="password" />
          <Field
            name="current_password"
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            required
            error={err('password', 'current_password')}
          />
          <Field
            name="new_password"
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            required
            error={err('password', 'new_password')}
          />
          <Field
            name="confirm_password"
            label={t.confirmNew}
            type="password"
            autoComplete="new-password"
            required
            error={err('password', 'confirm_password')}
          />
          <button type="submit" className="btn btn-primary">
            {t.changePassword}
          </button>
        </Form>
        <p className="muted" style={{ marginTop: '0.75rem' }}>
          {t.securityStart}
          <Link to="/user/security">{t.security}</Link>
          {t.securityEnd}
        </p>
      </section>

      <section className="card" aria-labelledby="s-prefs">
        <h2 id="s-prefs">{t.preferences}</h2>
        <PreferencesForm prefs={prefs} back="/user/profile" />
      </section>

      <section className="card" aria-labelledby="s-privacy">
        <h2 id="s-privacy">{t.privacy}</h2>
        <h3>{t.overview}</h3>
        <dl className="meta-list">
          <dt>{t.totalReports}</dt>
          <dd>{overview?.data_summary.total_reports ?? 0}</dd>
          <dt>{t.totalChats}</dt>
          <dd>{overview?.data_summary.total_chats ?? 0}</dd>
          <dt>{t.storage}</dt>
          <dd>{(overview?.data_summary.total_storage_mb ?? 0).toFixed(2)} MB</dd>
          <dt>{t.olderThanYear}</dt>
          <dd>
            {t.items(
              (overview?.data_by_age.reports.older_than_1_year ?? 0) +
                (overview?.data_by_age.chats.older_than_1_year ?? 0),
            )}
          </dd>
        </dl>

        <h3>{t.exportTitle}</h3>
        <Form
          method="post"
          action="/user/export"
          reloadDocument
          onSubmit={() => toast('success', 'Data exported successfully')}
        >
          <input type="hidden" name="back" value="/user/profile" />
          <fieldset>
            <legend>{t.format}</legend>
            <label className="check-row">
              <input type="radio" name="format" value="json" defaultChecked />
              <span>{t.json}</span>
            </label>
            <label className="check-row">
              <input type="radio" name="format" value="csv" />
              <span>{t.csv}</span>
            </label>
            <label className="check-row">
              <input type="radio" name="format" value="fhir" />
              <span>{t.fhir}</span>
            </label>
          </fieldset>
          <fieldset>
            <legend>{t.include}</legend>
            <label className="check-row">
              <input type="checkbox" name="include_analysis" defaultChecked />
              <span>{t.includeReports}</span>
            </label>
            <label className="check-row">
              <input type="checkbox" name="include_chats" defaultChecked />
              <span>{t.includeChats}</span>
            </label>
            <label className="check-row">
              <input type="checkbox" name="include_feedback" defaultChecked />
              <span>{t.includeFeedback}</span>
            </label>
          </fieldset>
          <div className="grid grid-2">
            <Field name="date_from" label={t.from} type="date" id="exp-from" />
            <Field name="date_to" label={t.to} type="date" id="exp-to" />
          </div>
          <button type="submit" className="btn btn-primary">
            {t.exportData}
          </button>
        </Form>

        <h3>{t.retention}</h3>
        <Form method="post">
          <input type="hidden" name="intent" value="retention" />
          <FormError result={result} intent="retention" />
          <label className="check-row">
            <input
              type="checkbox"
              name="auto_delete_old_reports"
              defaultChecked={retention?.auto_delete_old_reports ?? false}
            />
            <span>{t.autoDelete}</span>
          </label>
          <div className="field">
            <label htmlFor="ret-days">{t.period}</label>
            <select
              id="ret-days"
              name="data_retention_days"
              defaultValue={String(retention?.data_retention_days ?? 365)}
            >
              {RETENTION_PERIODS.map((d) => (
                <option key={d} value={d}>
                  {t.days(d)}
                </option>
              ))}
            </select>
          </div>
          <label className="check-row">
            <input
              type="checkbox"
              name="delete_inactive_chats"
              defaultChecked={retention?.delete_inactive_chats ?? false}
            />
            <span>{t.deleteChats}</span>
          </label>
          <label className="check-row">
            <input
              type="checkbox"
              name="anonymize_old_data"
              defaultChecked={retention?.anonymize_old_data ?? false}
            />
            <span>{t.anonymizeOld}</span>
          </label>
          <button type="submit" className="btn btn-primary">
            {t.saveRetention}
          </button>
        </Form>

        <h3>{t.anonymization}</h3>
        <Form method="post">
          <input type="hidden" name="intent" value="anonymize" />
          <FormError result={result} intent="anonymize" />
          <fieldset>
            <legend>{t.toAnonymize}</legend>
            {USER_DATA_TYPES.map((k: UserDataType) => (
              <label key={k} className="check-row">
                <input type="checkbox" name="data_types" value={k} defaultChecked />
                <span>{t.dataTypes[k]}</span>
              </label>
            ))}
            {err('anonymize', 'data_types') ? (
              <p className="field-error">{say(lang, err('anonymize', 'data_types'))}</p>
            ) : null}
          </fieldset>
          <Field
            name="older_than_days"
            label={t.olderThanDays}
            type="number"
            min={ANONYMIZE_MIN_DAYS}
            max={ANONYMIZE_MAX_DAYS}
            defaultValue={ANONYMIZE_DEFAULT_DAYS}
            error={err('anonymize', 'older_than_days')}
          />
          <label className="check-row">
            <input
              type="checkbox"
              name="confirmation"
              aria-describedby={err('anonymize', 'confirmation') ? 'anon-confirm-error' : undefined}
            />
            <span>{t.cannotUndo}</span>
          </label>
          {err('anonymize', 'confirmation') ? (
            <p className="field-error" id="anon-confirm-error">
              {say(lang, err('anonymize', 'confirmation'))}
            </p>
          ) : null}
          <button type="submit" className="btn btn-danger">
            {t.anonymize}
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="s-account">
        <h2 id="s-account">{t.account}</h2>
        <h3>{t.summary}</h3>
        <dl className="meta-list">
          <dt>{t.accountAge}</dt>
          <dd>{t.daysCount(summary?.user_profile.account_age_days ?? 0)}</dd>
          <dt>{t.totalReports}</dt>
          <dd>{summary?.usage_statistics.total_reports ?? 0}</dd>
          <dt>{t.storageUsed}</dt>
          <dd>{(summary?.usage_statistics.storage_used_mb ?? 0).toFixed(2)} MB</dd>
          <dt>{t.plan}</dt>
          <dd>
            {summary?.subscription.plan ? say(lang, summary.subscription.plan) : t.free} (
            <Link to="/user/subscription">{t.manage}</Link>)
          </dd>
        </dl>
        <Form
          method="post"
          action="/user/export"
          reloadDocument
          className="btn-row"
          onSubmit={() => toast('success', 'Data exported successfully')}
        >
          <input type="hidden" name="scope" value="all" />
          <input type="hidden" name="back" value="/user/profile" />
          <button type="submit" className="btn btn-outline">
            {t.exportMine}
          </button>
        </Form>

        <div className="card danger-zone" style={{ marginTop: '1rem' }}>
          <h3>{t.danger}</h3>
          <FormError result={result} intent="deactivate" />
          <Form
            method="post"
            onSubmit={(e) => {
              if (!window.confirm(t.deactivateQuestion)) e.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="deactivate" />
            <p className="muted small">{t.deactivateQuestion}</p>
            <button type="submit" className="btn btn-danger">
              {t.deactivate}
            </button>
          </Form>

          <DeleteAccountDialog />
        </div>
      </section>
    </div>
  );
}
