import { z } from 'zod';
import { FLAGS, QUALIFIERS, REF_SOURCES } from './shown-value';

/**
 * One result as it is shown: the one shape of a value from the engine to the page (decision 170).
 * The engine's `ExtractedValue` has exactly these fields, `report_values` stores each of them (the
 * value in `value_numeric` or `value_text`), every view sends all of them, and
 * tests/api/report-value-shape.test.ts fails when a field is stored but not shown or shown but not
 * stored. The patient's own entries (`PATIENT_ENTERED_FIELDS`) are the only fields the engine never
 * gives. Every field is always present: a mark the engine did not set is `false` or `null`.
 */
export const reportValue = z.object({
  canonical_id: z.string(),
  name: z.string(),
  loinc: z.string().nullable(),
  /** A number, or the printed words of a qualitative result ('Nil', 'Positive'). */
  value: z.union([z.number(), z.string()]),
  /** '<' or '>' of a censored result ('<0.5'): shown with the value, always (`shownValue`). */
  qualifier: z.enum(QUALIFIERS).nullable(),
  unit: z.string(),
  ref_low: z.number().nullable(),
  ref_high: z.number().nullable(),
  ref_text: z.string(),
  /**
   * Where the range came from: the report, the knowledge base (the report printed none: shown as
   * a typical range) or nowhere. Null for a value stored before the source was kept.
   */
  ref_source: z.enum(REF_SOURCES).nullable(),
  flag: z.enum(FLAGS),
  /** The unit was not printed; the knowledge base's unit was the only plausible one. */
  unit_inferred: z.boolean(),
  /** The lab's own mark (H, L, *) and whether it points the other way from the flag. */
  flag_printed: z.string().nullable(),
  flag_disagrees: z.boolean(),
  /** The result was printed in red on the image (most Indian labs' mark for an abnormal result). */
  printed_red: z.boolean(),
  /** The printed band of a tiered range ('borderline high'). */
  band: z.string().nullable(),
  /** A doubtful reading: check it on the printed report. */
  uncertain: z.boolean(),
  /** A printed test the knowledge base does not explain (shown as printed). */
  not_in_knowledge_base: z.boolean(),
  /** Lowered confidence of a photo's value not taken exactly as read (decision 048). */
  value_confidence: z.number().nullable(),
  /** Why: 'Read as 45 on the image; ... 4.5 mmol/L was used'. */
  reading_note: z.string().nullable(),
  /**
   * The value is the patient's own, typed from the printed report in place of a misread one
   * (decision 243), since this time (ISO); null: as the engine read it. Never set by the engine.
   */
  entered_at: z.string().nullable(),
  /** The reading an entered value replaced, as it was shown ('1.01', '<0.5'); null otherwise. */
  read_as: z.string().nullable(),
});
export type ReportValue = z.infer<typeof reportValue>;

/** The fields of a value the patient sets, never the engine (decision 243). */
export const PATIENT_ENTERED_FIELDS = ['entered_at', 'read_as'] as const;
export type PatientEnteredField = (typeof PATIENT_ENTERED_FIELDS)[number];

/**
 * What a patient types in place of a misread value: a number as printed ('41.01', '<0.5',
 * '1,20,000'); the API parses it with the engine's own number reader.
 */
export const enteredValueRequest = z.object({
  value: z
    .string({ error: 'Type the value printed on your report' })
    .trim()
    .min(1, 'Type the value printed on your report')
    .max(24, 'That is too long for a value'),
});
export type EnteredValueRequest = z.infer<typeof enteredValueRequest>;

/** Which value of a report: its report and its place in the report's list (from 0). */
export const reportValueParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .refine((n) => n > 0),
  position: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number),
});

/**
 * A value as a page receives it: the stored value and, beside it, what the knowledge base says of
 * its test for the results view (decision 220) — its body system and one line on what it measures.
 * Derived when shown, in the reader's language; never stored, so not part of `reportValue`.
 */
export const shownReportValue = reportValue.extend({
  panel: z.string().nullable().optional(),
  about: z.string().nullable().optional(),
  /**
   * On a Hindi page, the knowledge base's Hindi name of the test (null elsewhere, or for a test it
   * does not know): shown as the title, with `name`, the lab's printed name, kept beside it.
   */
  name_hi: z.string().nullable().optional(),
});
export type ShownReportValue = z.infer<typeof shownReportValue>;
