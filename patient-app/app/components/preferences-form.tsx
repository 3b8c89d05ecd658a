import { Form } from '@remix-run/react';
import type { UserPreferences } from '@reportsaathi/contracts';
import { CONSENT_TEXTS } from './consent-texts';

const NOTIFY: [keyof UserPreferences, string][] = [
  ['email_notifications', 'Email notifications'],
  ['report_completion_notify', 'Report completion notifications'],
  ['marketing_emails', 'Marketing emails'],
];
const PRIVACY: [keyof UserPreferences, string][] = [
  ['allow_data_for_training', 'Allow data for AI training (anonymized)'],
  ['share_usage_analytics', 'Share usage analytics'],
  ['auto_delete_old_reports', 'Auto-delete old reports'],
];
export const PREFERENCE_FLAGS = [...NOTIFY, ...PRIVACY].map(([k]) => k);

/** Theme, language, notification and privacy choices; posts to /user/preferences from either page. */
export function PreferencesForm({ prefs, back }: { prefs: UserPreferences; back: string }) {
  return (
    <Form method="post" action="/user/preferences" aria-label="Preferences">
      <input type="hidden" name="back" value={back} />
      <div className="grid grid-2">
        <div className="field">
          <label htmlFor="pref-theme">Theme</label>
          <select id="pref-theme" name="theme" defaultValue={prefs.theme}>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            <option value="auto">Auto</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="pref-language">Language</label>
          <select id="pref-language" name="language" defaultValue={prefs.language}>
            <option value="en">English</option>
            <option value="hi">Hindi (हिन्दी)</option>
          </select>
        </div>
      </div>
      <fieldset>
        <legend>Notifications</legend>
        {NOTIFY.map(([k, label]) => (
          <label key={k} className="check-row">
            <input type="checkbox" name={k} defaultChecked={Boolean(prefs[k])} />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Privacy</legend>
        {PRIVACY.map(([k, label]) => {
          // The two consents say what they mean (decision 231).
          const help = k in CONSENT_TEXTS ? CONSENT_TEXTS[k as keyof typeof CONSENT_TEXTS].help : null;
          return (
            <div key={k}>
              <label className="check-row">
                <input
                  type="checkbox"
                  name={k}
                  defaultChecked={Boolean(prefs[k])}
                  aria-describedby={help ? `pref-${k}-help` : undefined}
                />
                <span>{label}</span>
              </label>
              {help ? (
                <p className="muted small consent-help" id={`pref-${k}-help`}>
                  {help}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <button type="submit" className="btn btn-primary">
        Save Preferences
      </button>
    </Form>
  );
}
