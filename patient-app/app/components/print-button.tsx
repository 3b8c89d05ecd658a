import { useEffect, useState } from 'react';

/**
 * "Print / Save as PDF": the browser's print dialog (where "Save as PDF" is a destination).
 * It takes its place from the first paint (nothing moves when it appears) but shows only once the
 * page runs JavaScript; without it the browser's own Print menu does the same.
 */
export function PrintButton({ label }: { label: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      onClick={() => window.print()}
      style={ready ? undefined : { visibility: 'hidden' }}
      aria-hidden={ready ? undefined : true}
      tabIndex={ready ? undefined : -1}
    >
      {label}
    </button>
  );
}
