import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import {
  ANONYMIZE_DEFAULT_DAYS,
  ANONYMIZE_MAX_DAYS,
  ANONYMIZE_MIN_DAYS,
  RETENTION_PERIODS,
  USER_DATA_TYPES,
  USER_MESSAGES,
  type UserDataType,
} from '@reportsaathi/contracts/user';
import { useEffect, useRef } from 'react';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { Field } from '../components/field';
import { PreferencesForm } from '../components/preferences-form';
import { toast } from '../components/toaster';
import { requireUser } from '../utils/auth.server';
import { profileForms, type ProfileIntent } from '../utils/profile-forms';
import { profileAction } from '../utils/profile.server';
import { formError, useSchemaForm } from '../utils/use-schema-form';
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

export const action = ({ request, context }: ActionFunctionArgs) => profileAction(request, context);

function FormError({ form }: { form: { errors?: string[] } }) {
  const lang = usePageLang();
  const message = formError(form);
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {say(lang, message)}
    </div>
  );
}

export default function ProfileSettings() {
  const { user, prefs, overview, retention, summary, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // Each form shows the reply to its own post only.
  const replyTo = (intent: ProfileIntent) => (answer?.intent === intent ? answer.result : null);
  const [profileForm, profileFields] = useSchemaForm(profileForms.profile, replyTo('profile'), 'profile');
  const [pwForm, pwFields] = useSchemaForm(profileForms.password, replyTo('password'), 'profile-password');
  const [retentionForm] = useSchemaForm(profileForms.retention, replyTo('retention'), 'profile-retention');
  const [anonForm, anonFields] = useSchemaForm(
    profileForms.anonymize,
    replyTo('anonymize'),
    'profile-anonymize',
  );
  const [deactivateForm] = useSchemaForm(
    profileForms.deactivate,
    replyTo('deactivate'),
    'profile-deactivate',
  );
  // After a successful change (it arrives as a toast) the three password fields are emptied; a
  // refused attempt keeps what was typed. Without JavaScript the page reloads empty anyway.
  const flash = useRouteLoaderData<typeof rootLoader>('root')?.flash;
  const passwordForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (flash?.message === USER_MESSAGES.passwordChanged) passwordForm.current?.reset();
  }, [flash]);
  const lang = usePageLang();
  const t = profileTexts(lang);
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
        <Form method="post" {...getFormProps(profileForm)}>
          <input type="hidden" name="intent" value="profile" />
          <FormError form={profileForm} />
          <Field
            name="full_name"
            label={t.fullName}
            defaultValue={user.full_name}
            required
            error={profileFields.full_name.errors?.[0]}
          />
          <Field
            name="email"
            label={t.email}
            type="email"
            defaultValue={user.email}
            required
            error={profileFields.email.errors?.[0]}
          />
          <Field
            name="current_password"
            id="profile-current-password"
            label={t.currentForEmail}
            type="password"
            autoComplete="current-password"
            error={profileFields.current_password.errors?.[0]}
          />
          <button type="submit" className="btn btn-primary">
            {t.updateProfile}
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="s-password">
        <h2 id="s-password">{t.password}</h2>
        <Form method="post" ref={passwordForm} autoComplete="off" {...getFormProps(pwForm)}>
          <input type="hidden" name="intent" value="password" />
          <FormError form={pwForm} />
          <Field
            name="current_password"
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            required
            error={pwFields.current_password.errors?.[0]}
          />
          <Field
            name="new_password"
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            required
            error={pwFields.new_password.errors?.[0]}
          />
          <Field
            name="confirm_password"
            label={t.confirmNew}
            type="password"
            autoComplete="new-password"
            required
            error={pwFields.confirm_password.errors?.[0]}
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
        <Form method="post" {...getFormProps(retentionForm)}>
          <input type="hidden" name="intent" value="retention" />
          <FormError form={retentionForm} />
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
        <Form method="post" {...getFormProps(anonForm)}>
          <input type="hidden" name="intent" value="anonymize" />
          <FormError form={anonForm} />
          <fieldset>
            <legend>{t.toAnonymize}</legend>
            {USER_DATA_TYPES.map((k: UserDataType) => (
              <label key={k} className="check-row">
                <input type="checkbox" name="data_types" value={k} defaultChecked />
                <span>{t.dataTypes[k]}</span>
              </label>
            ))}
            {anonFields.data_types.errors?.[0] ? (
              <p className="field-error">{say(lang, anonFields.data_types.errors[0])}</p>
            ) : null}
          </fieldset>
          <Field
            name="older_than_days"
            label={t.olderThanDays}
            type="number"
            min={ANONYMIZE_MIN_DAYS}
            max={ANONYMIZE_MAX_DAYS}
            defaultValue={ANONYMIZE_DEFAULT_DAYS}
            error={anonFields.older_than_days.errors?.[0]}
          />
          <label className="check-row">
            <input
              type="checkbox"
              name="confirmation"
              aria-describedby={anonFields.confirmation.errors?.[0] ? 'anon-confirm-error' : undefined}
            />
            <span>{t.cannotUndo}</span>
          </label>
          {anonFields.confirmation.errors?.[0] ? (
            <p className="field-error" id="anon-confirm-error">
              {say(lang, anonFields.confirmation.errors[0])}
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
          <FormError form={deactivateForm} />
          <Form
            method="post"
            {...getFormProps(deactivateForm)}
            onSubmit={(e) => {
              if (!window.confirm(t.deactivateQuestion)) e.preventDefault();
              else getFormProps(deactivateForm).onSubmit(e);
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
