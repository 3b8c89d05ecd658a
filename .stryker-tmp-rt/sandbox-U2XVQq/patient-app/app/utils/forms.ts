// @ts-nocheck
export type FieldErrors = Record<string, string>;

/** The part of a zod error we read; structural so the app does not depend on zod directly. */
interface IssueList {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** First message per field, keyed by the form's input names. */
export function fieldErrors(error: IssueList): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export function formToObject(form: FormData, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = form.get(name);
    out[name] = typeof v === 'string' ? v : '';
  }
  return out;
}
