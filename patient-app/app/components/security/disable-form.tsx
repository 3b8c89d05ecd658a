import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field } from '../field';
import { securityForms } from '../../utils/security-forms';
import type { SecurityTexts } from '../../utils/security-texts';
import { useSchemaForm } from '../../utils/use-schema-form';
import { useSecurityReply } from './reply';
import { FormError } from '../form-error';

/** Turning two-factor sign-in off: the current password (a code alone is not enough). */
export function DisableForm({ busy, t }: { busy: boolean; t: SecurityTexts }) {
  const [form, fields] = useSchemaForm(
    securityForms.disable,
    useSecurityReply('disable'),
    'security-disable',
  );
  return (
    <>
      <FormError form={form} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="disable" />
        <Field
          name="password"
          id="disable-password"
          label={t.currentPassword}
          type="password"
          autoComplete="current-password"
          error={fields.password.errors?.[0]}
        />
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {t.turnOff}
        </button>
      </Form>
    </>
  );
}
