import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { say } from '../../utils/messages';
import { securityForms } from '../../utils/security-forms';
import type { SecurityTexts } from '../../utils/security-texts';
import { formError, useSchemaForm } from '../../utils/use-schema-form';
import { useSecurityReply } from './reply';

/** "Set up": asks the API for a new secret, answered into the page (never stored by this app). */
export function StartSetupForm({ busy, t, lang }: { busy: boolean; t: SecurityTexts; lang: 'en' | 'hi' }) {
  const [form] = useSchemaForm(securityForms.setup, useSecurityReply('setup'), 'security-setup');
  return (
    <>
      {formError(form) ? (
        <div className="form-error" role="alert">
          {say(lang, formError(form) ?? '')}
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="setup" />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t.setUp}
        </button>
      </Form>
    </>
  );
}
