import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field } from '../field';
import { say } from '../../utils/messages';
import { securityForms } from '../../utils/security-forms';
import type { SecurityTexts } from '../../utils/security-texts';
import { formError, useSchemaForm } from '../../utils/use-schema-form';
import { useSecurityReply } from './reply';

/** Turning two-factor sign-in off: the current password (a code alone is not enough). */
export function DisableForm({ busy, t, lang }: { busy: boolean; t: SecurityTexts; lang: 'en' | 'hi' }) {
  const [form, fields] = useSchemaForm(
    securityForms.disable,
    useSecurityReply('disable'),
    'security-disable',
  );
  return (
    <>
      {formError(form) ? (
        <div className="form-error" role="alert">
          {say(lang, formError(form) ?? '')}
        </div>
      ) : null}
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
