import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { AnonymizeForm } from '../components/profile/anonymize-form';
import { DeactivateForm } from '../components/profile/deactivate-form';
import { PasswordForm } from '../components/profile/password-form';
import { ProfileDetailsForm } from '../components/profile/profile-details-form';
import { RetentionForm } from '../components/profile/retention-form';
import { Field } from '../components/field';
import { PreferencesForm } from '../components/preferences-form';
import { toast } from '../components/toaster';
import { requireUser } from '../utils/auth.server';
import { profileAction } from '../utils/profile.server';
import { section } from '../utils/load.server';
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

export default function ProfileSettings() {
  const { user, prefs, overview, retention, summary, error } = useLoaderData<typeof loader>();
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
        <ProfileDetailsForm user={user} />
      </section>

      <section className="card" aria-labelledby="s-password">
        <h2 id="s-password">{t.password}</h2>
        <PasswordForm />
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
        <RetentionForm retention={retention} />

        <h3>{t.anonymization}</h3>
        <AnonymizeForm />
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
          <DeactivateForm />

          <DeleteAccountDialog />
        </div>
      </section>
    </div>
  );
}
