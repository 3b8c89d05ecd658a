import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import {
  ANONYMIZE_DEFAULT_DAYS,
  ANONYMIZE_MAX_DAYS,
  ANONYMIZE_MIN_DAYS,
  USER_DATA_TYPES,
  type UserDataType,
} from '@reportsaathi/contracts/user';
import { Field } from '../field';
import { say } from '../../utils/messages';
import { profileForms } from '../../utils/profile-forms';
import { profileTexts } from '../../utils/profile-texts';
import { useSchemaForm } from '../../utils/use-schema-form';
import { usePageLang } from '../../utils/use-lang';
import { FormError, useProfileReply } from './reply';

/** Anonymising old data: which kinds, older than how many days, and a box that says it cannot be undone. */
export function AnonymizeForm() {
  const [form, fields] = useSchemaForm(
    profileForms.anonymize,
    useProfileReply('anonymize'),
    'profile-anonymize',
  );
  const lang = usePageLang();
  const t = profileTexts(lang);
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="anonymize" />
      <FormError form={form} />
      <fieldset>
        <legend>{t.toAnonymize}</legend>
        {USER_DATA_TYPES.map((k: UserDataType) => (
          <label key={k} className="check-row">
            <input type="checkbox" name="data_types" value={k} defaultChecked />
            <span>{t.dataTypes[k]}</span>
          </label>
        ))}
        {fields.data_types.errors?.[0] ? (
          <p className="field-error">{say(lang, fields.data_types.errors[0])}</p>
        ) : null}
      </fieldset>
      <Field
        name="older_than_days"
        label={t.olderThanDays}
        type="number"
        min={ANONYMIZE_MIN_DAYS}
        max={ANONYMIZE_MAX_DAYS}
        defaultValue={ANONYMIZE_DEFAULT_DAYS}
        error={fields.older_than_days.errors?.[0]}
      />
      <label className="check-row">
        <input
          type="checkbox"
          name="confirmation"
          aria-describedby={fields.confirmation.errors?.[0] ? 'anon-confirm-error' : undefined}
        />
        <span>{t.cannotUndo}</span>
      </label>
      {fields.confirmation.errors?.[0] ? (
        <p className="field-error" id="anon-confirm-error">
          {say(lang, fields.confirmation.errors[0])}
        </p>
      ) : null}
      <button type="submit" className="btn btn-danger">
        {t.anonymize}
      </button>
    </Form>
  );
}
