import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field } from '../field';
import { securityForms } from '../../utils/security-forms';
import type { Setup } from '../../utils/security.server';
import type { SecurityTexts } from '../../utils/security-texts';
import { useSchemaForm } from '../../utils/use-schema-form';
import { useSecurityReply } from './reply';

/** The QR and the secret, then a code of the new secret and the current password turn it on. */
export function EnableForm({ setup, busy, t }: { setup: Setup; busy: boolean; t: SecurityTexts }) {
  const [form, fields] = useSchemaForm(securityForms.enable, useSecurityReply('enable'), 'security-enable');
  return (
    <>
      <ol>
        <li>{t.scan}</li>
        <li>{t.enterCode}</li>
      </ol>
      {setup.qr_code ? <img src={setup.qr_code} alt={t.qrAlt} width={200} height={200} /> : null}
      <p>
        {t.secret}
        <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="enable" />
        <input type="hidden" name="secret" value={setup.secret} />
        <input type="hidden" name="qr_code" value={setup.qr_code} />
        <Field
          name="token"
          id="enable-token"
          label={t.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          error={fields.token.errors?.[0]}
        />
        <Field
          name="password"
          id="enable-password"
          label={t.currentPassword}
          type="password"
          autoComplete="current-password"
          error={fields.password.errors?.[0]}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t.turnOn}
        </button>
      </Form>
    </>
  );
}
