import { useEffect, useState } from 'react';
import type { Lang } from '../utils/i18n';
import { say } from '../utils/messages';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
}

const EVENT = 'rs:toast';

/** Show a toast from anywhere in the browser (the success and error messages). */
export function toast(kind: ToastKind, message: string): void {
  if (typeof window === 'undefined') return;
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  window.dispatchEvent(new CustomEvent<Toast>(EVENT, { detail: { id, kind, message } }));
}

/**
 * Toasts appear top-right. A flash from the server (set before a redirect) renders in the HTML, so
 * it is visible without JavaScript too; with JavaScript toasts close themselves after a while.
 */
export function Toaster({ flash, lang = 'en' }: { flash: Toast | null; lang?: Lang }) {
  const [toasts, setToasts] = useState<Toast[]>(flash ? [flash] : []);

  useEffect(() => {
    if (!flash) return;
    setToasts((list) => (list.some((t) => t.id === flash.id) ? list : [...list, flash]));
  }, [flash]);

  useEffect(() => {
    const onToast = (e: Event) => {
      const detail = (e as CustomEvent<Toast>).detail;
      setToasts((list) => [...list.slice(-3), detail]);
    };
    window.addEventListener(EVENT, onToast);
    return () => window.removeEventListener(EVENT, onToast);
  }, []);

  useEffect(() => {
    if (toasts.length === 0) return;
    const timer = window.setTimeout(() => setToasts((list) => list.slice(1)), 6000);
    return () => window.clearTimeout(timer);
  }, [toasts]);

  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          {/* Flash and toast messages are written in English; shown in the page's language (decision 242). */}
          <span>{say(lang, t.message)}</span>
          <button
            type="button"
            className="toast-close"
            aria-label={lang === 'hi' ? 'सूचना बंद करें' : 'Dismiss notification'}
            onClick={() => setToasts((list) => list.filter((x) => x.id !== t.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
