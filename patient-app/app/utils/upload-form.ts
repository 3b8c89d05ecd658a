import { checkUploadFile, UPLOAD_MESSAGES } from '@reportsaathi/contracts/reports';
import { z } from 'zod';

const file = z.instanceof(File, { error: UPLOAD_MESSAGES.noFile });

/**
 * The upload form: one report file, checked by the contracts' rule (type and size) on both sides;
 * the API checks the bytes again. A form posted with nothing chosen carries an empty, nameless
 * file part, which reads as no file at all.
 */
export const uploadForm = z.object({
  uploadKey: z.string().optional(),
  file: z
    .union([file, z.array(file)], { error: UPLOAD_MESSAGES.noFile })
    .transform((f) => (Array.isArray(f) ? f : [f]).filter((one) => one.name !== ''))
    .refine((files) => files.length <= 1, UPLOAD_MESSAGES.tooMany)
    .transform((files) => files[0] ?? null)
    .superRefine((one, ctx) => {
      const problem = checkUploadFile(one);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((one) => one as File),
});
