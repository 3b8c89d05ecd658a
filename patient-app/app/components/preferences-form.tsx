import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { UserPreferences } from '@reportsaathi/contracts';
import { authTexts } from '../utils/auth-texts';
import { preferencesForm } from '../utils/preference-forms';
import { useSchemaForm } from '../utils/use-schema-form';
import { usePageLang } from '../utils/use-lang';
import { userTexts } from '../utils/user-texts';

const NOTIFY: (keyof UserPreferences)[] = [
  'email_notifications',
  'report_completion_notify',
  'marketing_emails',
];
const PRIVACY: (keyof UserPreferences)[] = [
  'allow_data_for_training',
  'share_usage_analytics',
  'auto_delete_old_reports',
];

/** Theme, language, notification and privacy choices; posts to /user/preferences from either page. */
export function PreferencesForm({ prefs, back }: { prefs: UserPreferences; back: string }) {
  const lang = usePageLang();
  const t = userTexts(lang).preferences;
  const consent = authTexts(lang).consent;
  const [form] = useSchemaForm(preferencesForm, null, `preferences${back.replace(/[^a-z0-9]+/gi, '-')}`);
  return (
    <Form method="post" action="/user/preferences" aria-label={t.title} {...getFormProps(form)}>
      <input type="hidden" name="back" value={back} />
      <div className="grid grid-2">
        <div className="field">
          <label htmlFor="pref-theme">{t.theme}</label>
          <select id="pref-theme" name="theme" defaultValue={prefs.theme}>
            <option value="light">{t.light}</option>
            <option value="dark">{t.dark}</option>
            <option value="auto">{t.auto}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="pref-language">{t.language}</label>
          <select id="pref-language" name="language" defaultValue={prefs.language}>
            <option value="en">English</option>
            <option value="hi">Hindi (हिन्दी)</option>
          </select>
        </div>
      </div>
      <fieldset>
        <legend>{t.notifications}</legend>
        {NOTIFY.map((k) => (
          <label key={k} className="check-row">
            <input type="checkbox" name={k} defaultChecked={Boolean(prefs[k])} />
            <span>{t.flags[k]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.privacy}</legend>
        {PRIVACY.map((k) => {
          // The two consents say what they mean (decision 231).
          const help =
            k === 'allow_data_for_training' || k === 'share_usage_analytics' ? consent[k].help : null;
          return (
            <div key={k}>
              <label className="check-row">
                <input
                  type="checkbox"
                  name={k}
                  defaultChecked={Boolean(prefs[k])}
                  aria-describedby={help ? `pref-${k}-help` : undefined}
                />
                <span>{t.flags[k]}</span>
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
        {t.save}
      </button>
    </Form>
  );
}
