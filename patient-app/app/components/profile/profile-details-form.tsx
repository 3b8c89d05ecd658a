import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field } from '../field';
import { profileForms } from '../../utils/profile-forms';
import { profileTexts } from '../../utils/profile-texts';
import { useSchemaForm } from '../../utils/use-schema-form';
import { usePageLang } from '../../utils/use-lang';
import { FormError, useProfileReply } from './reply';

/** Name and e-mail; a new e-mail needs the current password and is confirmed by mail (decision 230). */
export function ProfileDetailsForm({ user }: { user: { full_name: string; email: string } }) {
  const [form, fields] = useSchemaForm(profileForms.profile, useProfileReply('profile'), 'profile');
  const t = profileTexts(usePageLang());
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="profile" />
      <FormError form={form} />
      <Field
        name="full_name"
        label={t.fullName}
        defaultValue={user.full_name}
        required
        error={fields.full_name.errors?.[0]}
      />
      <Field
        name="email"
        label={t.email}
        type="email"
        defaultValue={user.email}
        required
        error={fields.email.errors?.[0]}
      />
      <Field
        name="current_password"
        id="profile-current-password"
        label={t.currentForEmail}
        type="password"
        autoComplete="current-password"
        error={fields.current_password.errors?.[0]}
      />
      <button type="submit" className="btn btn-primary">
        {t.updateProfile}
      </button>
    </Form>
  );
}
