import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { securityForms } from '../../utils/security-forms';
import type { SecurityTexts } from '../../utils/security-texts';
import { useSchemaForm } from '../../utils/use-schema-form';
import { useSecurityReply } from './reply';
import { FormError } from '../form-error';

/** "Set up": asks the API for a new secret, answered into the page (never stored by this app). */
export function StartSetupForm({ busy, t }: { busy: boolean; t: SecurityTexts }) {
  const [form] = useSchemaForm(securityForms.setup, useSecurityReply('setup'), 'security-setup');
  return (
    <>
      <FormError form={form} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="setup" />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t.setUp}
        </button>
      </Form>
    </>
  );
}
