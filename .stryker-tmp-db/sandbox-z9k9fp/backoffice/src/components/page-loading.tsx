/** Shown while a page chunk loads; plain HTML so it costs nothing on the first paint. */
// @ts-nocheck

export function PageLoading() {
  return (
    <div role="status" aria-live="polite" style={{ padding: 48, textAlign: 'center', color: '#8c8c8c' }}>
      Loading…
    </div>
  );
}
