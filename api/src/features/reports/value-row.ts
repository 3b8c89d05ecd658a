import type { PatientEnteredField, ReportValue } from '@reportsaathi/contracts';
import type { ExtractedValue } from '@reportsaathi/analysis';
import type { ReportValueRow, ReportValuesTable } from '@reportsaathi/db';

/**
 * One shape for a result (decision 170): contracts' `reportValue` is what is shown; here the
 * engine's value becomes a row of `report_values` and the row becomes the shown value. The
 * checks below fail to compile when the engine, the table and the shown value stop having the
 * same fields; tests/api/report-value-shape.test.ts checks the database and every view.
 */

/** Every column a value is stored in: what is inserted, selected and copied for a cache hit. */
export const VALUE_COLUMNS = [
  'position',
  'canonical_id',
  'loinc',
  'name',
  'value_numeric',
  'value_text',
  'qualifier',
  'unit',
  'ref_low',
  'ref_high',
  'ref_text',
  'ref_source',
  'flag',
  'unit_inferred',
  'flag_printed',
  'flag_disagrees',
  'printed_red',
  'band',
  'uncertain',
  'not_in_knowledge_base',
  'value_confidence',
  'reading_note',
  // The patient's own value (decision 243): never the engine's, null on every fresh row.
  'entered_at',
  'read_as',
] as const;
type ValueColumn = (typeof VALUE_COLUMNS)[number];

/** The columns that are not the value's: its row's id, report and creation time. */
type Bookkeeping = 'id' | 'report_id' | 'created_at';
/** Stored in two columns, shown as one field: `value` is `value_numeric` or `value_text`. */
type SplitValue = 'value_numeric' | 'value_text';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Every column of report_values is in VALUE_COLUMNS (a new column is inserted and read). */
export const everyColumnListed: Same<Exclude<keyof ReportValuesTable, Bookkeeping>, ValueColumn> = true;
/** Every stored field is shown and every shown field is stored (`position` is the order shown). */
export const storedIsShown: Same<
  Exclude<ValueColumn, SplitValue | 'position'>,
  Exclude<keyof ReportValue, 'value'>
> = true;
/** The engine gives exactly the shown fields, but for those only the patient sets (decision 243). */
export const engineGivesShown: Same<
  keyof ExtractedValue,
  Exclude<keyof ReportValue, PatientEnteredField>
> = true;

type ValueFields = Pick<ReportValueRow, ValueColumn>;

/** The row of one extracted value: a mark the engine did not set is stored as false or null. */
export function toValueRow(v: ExtractedValue, position: number): ValueFields {
  return {
    position,
    canonical_id: v.canonical_id,
    loinc: v.loinc,
    name: v.name,
    value_numeric: typeof v.value === 'number' ? v.value : null,
    value_text: typeof v.value === 'string' ? v.value : null,
    qualifier: v.qualifier ?? null,
    unit: v.unit,
    ref_low: v.ref_low,
    ref_high: v.ref_high,
    ref_text: v.ref_text,
    ref_source: v.ref_source,
    flag: v.flag,
    unit_inferred: v.unit_inferred ?? false,
    flag_printed: v.flag_printed,
    flag_disagrees: v.flag_disagrees ?? false,
    printed_red: v.printed_red ?? false,
    band: v.band ?? null,
    uncertain: v.uncertain ?? false,
    not_in_knowledge_base: v.not_in_knowledge_base ?? false,
    value_confidence: v.value_confidence ?? null,
    reading_note: v.reading_note ?? null,
    entered_at: null,
    read_as: null,
  };
}

/** The shown value of a stored row: every field, on every surface (the view of decision 170). */
export function toValueView(v: ValueFields): ReportValue {
  return {
    canonical_id: v.canonical_id,
    name: v.name,
    loinc: v.loinc,
    value: v.value_numeric ?? v.value_text ?? '',
    qualifier: v.qualifier,
    unit: v.unit,
    ref_low: v.ref_low,
    ref_high: v.ref_high,
    ref_text: v.ref_text,
    ref_source: v.ref_source,
    flag: v.flag,
    unit_inferred: v.unit_inferred,
    flag_printed: v.flag_printed,
    flag_disagrees: v.flag_disagrees,
    printed_red: v.printed_red,
    band: v.band,
    uncertain: v.uncertain,
    not_in_knowledge_base: v.not_in_knowledge_base,
    value_confidence: v.value_confidence,
    reading_note: v.reading_note,
    entered_at: v.entered_at ? new Date(v.entered_at).toISOString() : null,
    read_as: v.read_as,
  };
}

/**
 * A stored row back in the engine's shape, to judge it again or word an analysis again (decisions
 * 241, 243): a mark the
 * row keeps as false or null is left out, as the engine leaves it out.
 */
export function toEngineValue(v: ValueFields): ExtractedValue {
  return {
    canonical_id: v.canonical_id,
    loinc: v.loinc,
    name: v.name,
    value: v.value_numeric ?? v.value_text ?? '',
    qualifier: v.qualifier,
    unit: v.unit,
    ref_low: v.ref_low,
    ref_high: v.ref_high,
    ref_text: v.ref_text,
    ref_source: v.ref_source ?? (v.ref_text ? 'report' : 'none'),
    flag: v.flag,
    flag_printed: v.flag_printed,
    ...(v.flag_disagrees ? { flag_disagrees: true } : {}),
    ...(v.printed_red ? { printed_red: true } : {}),
    ...(v.unit_inferred ? { unit_inferred: true } : {}),
    ...(v.band ? { band: v.band } : {}),
    ...(v.uncertain ? { uncertain: true } : {}),
    ...(v.not_in_knowledge_base ? { not_in_knowledge_base: true } : {}),
    ...(v.value_confidence !== null ? { value_confidence: v.value_confidence } : {}),
    ...(v.reading_note ? { reading_note: v.reading_note } : {}),
  };
}
