import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { USER_MESSAGES } from '@reportsaathi/contracts/user';
import { useEffect, useRef } from 'react';
import type { loader as rootLoader } from '../../root';
import { useRouteLoaderData } from '@remix-run/react';
import { Field } from '../field';
import { profileForms } from '../../utils/profile-forms';
import { profileTexts } from '../../utils/profile-texts';
import { useSchemaForm } from '../../utils/use-schema-form';
import { usePageLang } from '../../utils/use-lang';
import { FormError, useProfileReply } from './reply';

/** The password change: the current one, the new one twice (the confirmation never reaches the API). */
export function PasswordForm() {
  const [form, fields] = useSchemaForm(
    profileForms.password,
    useProfileReply('password'),
    'profile-password',
  );
  // After a successful change (it arrives as a toast) the three fields are emptied; a refused
  // attempt keeps what was typed. Without JavaScript the page reloads empty anyway.
  const flash = useRouteLoaderData<typeof rootLoader>('root')?.flash;
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (flash?.message === USER_MESSAGES.passwordChanged) ref.current?.reset();
  }, [flash]);
  const t = profileTexts(usePageLang());
  return (
    <Form method="post" ref={ref} autoComplete="off" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="password" />
      <FormError form={form} />
      <Field
        name="current_password"
        label={t.currentPassword}
        type="password"
        autoComplete="current-password"
        required
        error={fields.current_password.errors?.[0]}
      />
      <Field
        name="new_password"
        label={t.newPassword}
        type="password"
        autoComplete="new-password"
        required
        error={fields.new_password.errors?.[0]}
      />
      <Field
        name="confirm_password"
        label={t.confirmNew}
        type="password"
        autoComplete="new-password"
        required
        error={fields.confirm_password.errors?.[0]}
      />
      <button type="submit" className="btn btn-primary">
        {t.changePassword}
      </button>
    </Form>
  );
}
