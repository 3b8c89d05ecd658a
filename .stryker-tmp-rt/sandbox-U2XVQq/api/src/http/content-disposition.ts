/**
 * The Content-Disposition of a download (RFC 6266): the one place a file name reaches a header.
 * A name is never trusted: path parts are dropped, and the plain `filename` carries an ASCII
 * stand-in (quotes, backslashes, control and non-ASCII characters become '_') while
 * `filename*` carries the real name percent-encoded as UTF-8 (RFC 8187), which browsers prefer.
 */
// @ts-nocheck

export function attachment(filename: string): string {
  const base = filename.split(/[/\\]/).pop() || 'download';
  // Lone surrogates cannot be encoded; they become U+FFFD first.
  const name =
    base
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .slice(0, 200) || 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
