import { Form, useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { fieldText, isTicked, useFormReady } from '../utils/use-form-ready';
import { Field } from './field';
import { profileTexts } from '../utils/profile-texts';
import { say } from '../utils/messages';
import { usePageLang } from '../utils/use-lang';

/** The button waits for both the password and the confirmation. */
const bothGiven = (form: HTMLFormElement) =>
  fieldText(form, 'password') !== '' && isTicked(form, 'confirmation');

/**
 * The permanent-delete form: password, 'Export my data before deletion' (on by default) and the
 * required confirmation. It posts (as a document, not a fetch: the answer may be a file) to
 * /account/delete/submit, which streams the export as a download and deletes the account after it,
 * or goes home without the export, or back to /account/delete with the reason it refused.
 * With JavaScript the button stays disabled until both are given (read from the fields, so what was
 * typed before the page hydrated counts), and while an export downloads
 * the form asks /account/delete every 1.5 s whether the session is gone, then goes home (SPEC:
 * an alert, then the home page). Without JavaScript the next page shows the message.
 */
/** A message per field name (the refusal codes /account/delete reads back from its address). */
export type FieldErrors = Record<string, string>;

export function DeleteAccountForm({ errors, formError }: { errors?: FieldErrors; formError?: string }) {
  const form = useFormReady(bothGiven);
  const lang = usePageLang();
  const t = profileTexts(lang);
  const [exporting, setExporting] = useState(false);
  const session = useFetcher<{ signedIn: boolean }>();
  const { load } = session;
  useEffect(() => {
    if (!exporting) return;
    const timer = setInterval(() => load('/account/delete'), 1500);
    return () => clearInterval(timer);
  }, [exporting, load]);
  useEffect(() => {
    if (exporting && session.data && !session.data.signedIn) window.location.assign('/');
  }, [exporting, session.data]);
  return (
    <Form
      method="post"
      action="/account/delete/submit"
      reloadDocument
      aria-label={t.deleteFormLabel}
      ref={form.ref}
      onChange={form.check}
      onSubmit={(e) => {
        const box = e.currentTarget.elements.namedItem('export_data');
        setExporting(box instanceof HTMLInputElement && box.checked);
      }}
    >
      <p>{t.deleteWarning}</p>
      {formError ? (
        <div className="form-error" role="alert">
          {say(lang, formError)}
        </div>
      ) : null}
      <Field
        name="password"
        id="del-password"
        label={t.yourPassword}
        type="password"
        autoComplete="current-password"
        error={errors?.password}
      />
      <label className="check-row">
        <input type="checkbox" name="export_data" defaultChecked />
        <span>{t.exportFirst}</span>
      </label>
      <label className="check-row">
        <input
          type="checkbox"
          name="confirmation"
          aria-describedby={errors?.confirmation ? 'del-confirm-error' : undefined}
        />
        <span>{t.permanent}</span>
      </label>
      {errors?.confirmation ? (
        <p className="field-error" id="del-confirm-error">
          {say(lang, errors.confirmation)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-danger" disabled={!form.ready}>
        {t.deleteAccount}
      </button>
      {exporting ? (
        <p className="form-info" role="status">
          {t.exporting}
        </p>
      ) : null}
    </Form>
  );
}
