import { useForm, type Submission, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';

/**
 * A form checked by the same zod schema in the browser and in the action (conform). With
 * JavaScript the schema runs on submit and a failing form never makes the round trip; without it
 * the action parses the post and answers `submission.reply()`, which this form shows the same way.
 * Messages stay the schemas' English; the page shows them through `say()` in its language.
 */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  lastResult: SubmissionResult<string[]> | null | undefined,
  id?: string,
  /**
   * `onInput`: check a field as soon as it changes (a file picker says at once that a file is
   * refused); `onSubmit` (default) waits for the button.
   */
  shouldValidate: 'onSubmit' | 'onInput' = 'onSubmit',
) {
  return useForm<z.input<S> & Record<string, unknown>, z.output<S>>({
    id,
    lastResult,
    shouldValidate,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema }) as Submission<
        z.input<S> & Record<string, unknown>,
        string[],
        z.output<S>
      >,
  });
}

/** The message for the whole form (an API refusal), if any. */
export function formError(form: { errors?: string[] }): string | undefined {
  return form.errors?.[0];
}
