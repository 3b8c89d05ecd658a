import { useEffect, useState } from 'react';

/**
 * "Print / Save as PDF": the browser's print dialog (where "Save as PDF" is a destination).
 * Shown once the page runs JavaScript; without it the browser's own Print menu does the same.
 */
export function PrintButton({ label }: { label: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
      {label}
    </button>
  );
}
