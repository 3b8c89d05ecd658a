import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DeleteAccountForm } from './delete-account-form';
import { profileTexts } from '../utils/profile-texts';
import { usePageLang } from '../utils/use-lang';

/**
 * "Permanently Delete Account" in the Danger Zone. With JavaScript it opens a modal dialog (the
 * native <dialog> shown with showModal: the page behind it is inert, so focus stays inside; Escape
 * and Cancel close it and focus returns to the button) holding the password and the two
 * checkboxes. Without JavaScript — and in the HTML before the page hydrates — the same form is
 * inline under a disclosure, as before.
 */
export function DeleteAccountDialog() {
  const [hydrated, setHydrated] = useState(false);
  const t = profileTexts(usePageLang());
  useEffect(() => setHydrated(true), []);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  if (!hydrated)
    return (
      <details className="delete-dialog">
        <summary className="btn btn-danger">{t.deleteAccount}</summary>
        <DeleteAccountForm />
      </details>
    );

  const close = () => dialog.current?.close();
  // The modal dialog makes the page inert; Tab from its last control also comes back to its first
  // (and Shift+Tab the other way) instead of leaving for the browser's own controls.
  const trapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const focusable = [
      ...dialog.current.querySelectorAll<HTMLElement>('input, button, select, textarea, a[href]'),
    ].filter((el) => !(el as HTMLButtonElement).disabled);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="btn btn-danger"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        {t.deleteAccount}
      </button>
      <dialog
        ref={dialog}
        className="modal-dialog"
        aria-labelledby="delete-dialog-title"
        onClose={() => opener.current?.focus()}
        onKeyDown={trapTab}
      >
        <h2 id="delete-dialog-title">{t.deleteAccount}</h2>
        <DeleteAccountForm />
        <button type="button" className="btn btn-outline" onClick={close}>
          {t.cancel}
        </button>
      </dialog>
    </>
  );
}
