/**
 * Exports reach the browser through the app's own address (the API sits behind the session
 * cookie): a JSON answer {filename, export_data} becomes a file download; a CSV or ZIP answer is
 * streamed through as it comes, with its type and file name.
 */
export function jsonDownload(filename: string, body: unknown): Response {
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${safeName(filename)}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * `rename`: use `name` even when the API named the file (the spec names "Export My Data" apart);
 * `cookies`: Set-Cookie values sent with the file (a deletion's sign-out).
 */
export function streamDownload(
  res: Response,
  name: string,
  options: { rename?: boolean; cookies?: string[] } = {},
): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const c of options.cookies ?? []) headers.append('Set-Cookie', c);
  headers.set('Content-Type', res.headers.get('Content-Type') ?? 'application/octet-stream');
  const given = options.rename ? null : res.headers.get('Content-Disposition');
  headers.set('Content-Disposition', given ?? `attachment; filename="${safeName(name)}"`);
  const length = res.headers.get('Content-Length');
  if (length) headers.set('Content-Length', length);
  return new Response(res.body, { headers });
}

function safeName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(0, 120) || 'export';
}

/** Today in India as YYYY-MM-DD, for file names the API did not name. */
export function today(): string {
  return new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
}
