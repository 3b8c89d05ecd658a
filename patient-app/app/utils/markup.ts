/**
 * Text and attribute values for markup built as a string (a chart's drawing, the values under it):
 * the few places that hand React a finished piece of HTML because it is repeated hundreds of times
 * and never changes after the server drew it (decisions 260 and 264).
 */
export const escapeMarkup = (v: string | number) =>
  String(v).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
