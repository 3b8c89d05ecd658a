import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { RETENTION_PERIODS, type RetentionSettings } from '@reportsaathi/contracts/user';
import { profileForms } from '../../utils/profile-forms';
import { profileTexts } from '../../utils/profile-texts';
import { useSchemaForm } from '../../utils/use-schema-form';
import { usePageLang } from '../../utils/use-lang';
import { FormError, useProfileReply } from './reply';

/** How long data is kept: unticked boxes are absent from the post and read as false. */
export function RetentionForm({ retention }: { retention: RetentionSettings | null }) {
  const [form] = useSchemaForm(profileForms.retention, useProfileReply('retention'), 'profile-retention');
  const t = profileTexts(usePageLang());
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="retention" />
      <FormError form={form} />
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
  );
}
