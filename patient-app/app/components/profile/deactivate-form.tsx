import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { profileForms } from '../../utils/profile-forms';
import { profileTexts } from '../../utils/profile-texts';
import { useSchemaForm } from '../../utils/use-schema-form';
import { usePageLang } from '../../utils/use-lang';
import { FormError, useProfileReply } from './reply';

/** Closing the account for now (support can reopen it); asks once more with JavaScript. */
export function DeactivateForm() {
  const [form] = useSchemaForm(profileForms.deactivate, useProfileReply('deactivate'), 'profile-deactivate');
  const t = profileTexts(usePageLang());
  return (
    <>
      <FormError form={form} />
      <Form
        method="post"
        {...getFormProps(form)}
        onSubmit={(e) => {
          if (!window.confirm(t.deactivateQuestion)) e.preventDefault();
          else getFormProps(form).onSubmit(e);
        }}
      >
        <input type="hidden" name="intent" value="deactivate" />
        <p className="muted small">{t.deactivateQuestion}</p>
        <button type="submit" className="btn btn-danger">
          {t.deactivate}
        </button>
      </Form>
    </>
  );
}
