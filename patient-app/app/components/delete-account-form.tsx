import { Form } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { FieldErrors } from '../utils/forms';
import { Field } from './field';

/**
 * The permanent-delete form: password, 'Export my data before deletion' (on by default) and the
 * required confirmation. It posts to /account/delete, a page outside the panel, because after the
 * deletion no panel page can load (the session is gone) but the export must still be offered.
 * With JavaScript the button stays disabled until both are given; without it the server checks.
 */
export function DeleteAccountForm({ errors, formError }: { errors?: FieldErrors; formError?: string }) {
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Form method="post" action="/account/delete" aria-label="Permanently delete account">
      <p>
        This removes your account and every report, analysis, conversation and payment record. It cannot be
        undone.
      </p>
      {formError ? (
        <div className="form-error" role="alert">
          {formError}
        </div>
      ) : null}
      <Field
        name="password"
        id="del-password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors?.password}
      />
      <label className="check-row">
        <input type="checkbox" name="export_data" defaultChecked />
        <span>Export my data before deletion (recommended)</span>
      </label>
      <label className="check-row">
        <input
          type="checkbox"
          name="confirmation"
          checked={confirmed}
          onChange={(e) => setConfirmed(e.target.checked)}
          aria-describedby={errors?.confirmation ? 'del-confirm-error' : undefined}
        />
        <span>I understand this action is permanent and cannot be undone</span>
      </label>
      {errors?.confirmation ? (
        <p className="field-error" id="del-confirm-error">
          {errors.confirmation}
        </p>
      ) : null}
      <button type="submit" className="btn btn-danger" disabled={hydrated && (!password || !confirmed)}>
        Permanently Delete Account
      </button>
    </Form>
  );
}
