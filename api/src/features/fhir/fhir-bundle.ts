import { createHash } from 'node:crypto';
import type {
  Bundle,
  BundleEntry,
  CodeableConcept,
  DiagnosticReport,
  DocumentReference,
  Observation,
  ObservationReferenceRange,
  Patient,
  Quantity,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import type { Report, ReportValueRow, User } from '@reportsaathi/db';
import { getAnalyte, loincForUnit } from '@reportsaathi/analysis';
import type { Analyte } from '@reportsaathi/analysis';
import { ucumCode } from './ucum';
import { calendarDay } from '../../kernel/calendar-day';

/**
 * A patient's reports as a FHIR R4 Bundle of type "collection": one Patient, and per report a
 * DiagnosticReport, one Observation per printed value and the original file as a
 * DocumentReference. Which field goes where, and why, is decision 127. Pure: the service reads
 * the rows and the file, this only shapes them.
 */

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const DIAGNOSTIC_SERVICE = 'http://terminology.hl7.org/CodeSystem/v2-0074';
/** Our own identifier systems: the ids a re-import can match on. */
export const USER_ID_SYSTEM = 'urn:reportsaathi:user';
export const REPORT_ID_SYSTEM = 'urn:reportsaathi:report';

/** LOINC "Laboratory report": the document code when the values are not one known panel. */
const LAB_REPORT: CodeableConcept = {
  coding: [{ system: LOINC, code: '11502-2', display: 'Laboratory report' }],
  text: 'Laboratory report',
};

/** Panel order codes in LOINC, for the panels that have one panel code a lab would order. */
const PANEL_LOINC: Partial<Record<Analyte['panel'], { code: string; display: string }>> = {
  cbc: { code: '58410-2', display: 'CBC panel - Blood by Automated count' },
  lipid: { code: '24331-1', display: 'Lipid 1996 panel - Serum or Plasma' },
  lft: { code: '24325-3', display: 'Hepatic function 2000 panel - Serum or Plasma' },
  kft: { code: '24362-6', display: 'Renal function 2000 panel - Serum or Plasma' },
  urine: { code: '24356-8', display: 'Urinalysis complete panel - Urine' },
  electrolytes: { code: '24326-1', display: 'Electrolytes 1998 panel - Serum or Plasma' },
};

/** Our flags as v3 ObservationInterpretation codes. */
const FLAG_CODE: Record<ReportValueRow['flag'], { code: string; display: string }> = {
  normal: { code: 'N', display: 'Normal' },
  low: { code: 'L', display: 'Low' },
  high: { code: 'H', display: 'High' },
  critical_low: { code: 'LL', display: 'Critical low' },
  critical_high: { code: 'HH', display: 'Critical high' },
  abnormal: { code: 'A', display: 'Abnormal' },
};

/** One report as the bundle needs it: its row, its values, and the original file when read. */
export interface ReportForFhir {
  report: Report;
  values: ReportValueRow[];
  file: Buffer | null;
}

/**
 * A stable UUID for one of our rows (the same export twice names the same resources), shaped as a
 * version-4 UUID so every FHIR reader accepts the urn:uuid: form.
 */
export function uuidFor(kind: string, id: number | string): string {
  const h = createHash('sha256').update(`reportsaathi:${kind}:${id}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function entry<T extends { resourceType: string; id?: string }>(resource: T): BundleEntry {
  return { fullUrl: `urn:uuid:${resource.id}`, resource: resource as unknown as BundleEntry['resource'] };
}

/** A reference to a resource of the bundle by its full URL. */
const ref = <T extends Resource>(r: T): Reference<T> => ({ reference: `urn:uuid:${r.id}` });

/**
 * When the sample was taken: the patient's correction, else the collection date printed on the
 * report (both calendar days), else when the report was uploaded (the only date every report has).
 */
export function effectiveDate(report: Report): string {
  const day = report.collected_on_corrected ?? report.collected_on;
  return day ? calendarDay(day) : report.created_at.toISOString();
}

export function patientResource(user: User, sex: string | null): Patient {
  return {
    resourceType: 'Patient',
    id: uuidFor('patient', user.id),
    identifier: [{ system: USER_ID_SYSTEM, value: String(user.id) }],
    ...(user.full_name ? { name: [{ text: user.full_name }] } : {}),
    telecom: [{ system: 'email', value: user.email }],
    ...(sex === 'male' || sex === 'female' ? { gender: sex } : {}),
  };
}

function quantity(value: number, unit: string): Quantity {
  const code = ucumCode(unit);
  return {
    value,
    ...(unit ? { unit } : code ? { unit: code } : {}),
    ...(code ? { system: UCUM, code } : {}),
  };
}

function referenceRange(v: ReportValueRow): ObservationReferenceRange[] | undefined {
  if (v.ref_low === null && v.ref_high === null && !v.ref_text) return undefined;
  return [
    {
      ...(v.ref_low !== null ? { low: quantity(v.ref_low, v.unit) } : {}),
      ...(v.ref_high !== null ? { high: quantity(v.ref_high, v.unit) } : {}),
      ...(v.ref_text ? { text: v.ref_text } : {}),
    },
  ];
}

/** A number read with no range to compare it against (analysis/src/interpret/verdict.ts). */
function unjudged(v: ReportValueRow): boolean {
  return v.flag === 'normal' && v.ref_source === 'none' && v.value_numeric !== null;
}

export function observationResource(report: Report, v: ReportValueRow, patient: Patient): Observation {
  const analyte = getAnalyte(v.canonical_id);
  // The code for the property reported (mmol/L is substance, mg/dL mass: decision 196), also for
  // values stored before the engine chose it.
  const loinc = loincForUnit(v.canonical_id, v.loinc ?? analyte?.loinc ?? null, v.unit);
  const flag = FLAG_CODE[v.flag];
  const notes = [
    v.uncertain ? 'The reading is uncertain (a photo): check the value on the printed report.' : null,
    v.reading_note,
    v.band ? `Band: ${v.band}` : null,
    // The patient typed this value from the printed report (decision 243); the reading it replaced is kept.
    v.entered_at
      ? `Entered by the patient from the printed report on ${new Date(v.entered_at).toISOString().slice(0, 10)}; the analysis had read it as ${v.read_as ?? 'unknown'}.`
      : null,
  ].filter((n): n is string => !!n);
  const value: Partial<Observation> =
    v.value_numeric !== null
      ? {
          valueQuantity: {
            ...quantity(v.value_numeric, v.unit),
            ...(v.qualifier === '<' || v.qualifier === '>' ? { comparator: v.qualifier } : {}),
          },
        }
      : { valueString: v.value_text ?? '' };
  return {
    resourceType: 'Observation',
    id: uuidFor('value', v.id),
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' }] }],
    code: {
      ...(loinc ? { coding: [{ system: LOINC, code: loinc, display: analyte?.name.en ?? v.name }] } : {}),
      text: v.name,
    },
    subject: ref(patient),
    effectiveDateTime: effectiveDate(report),
    // A value the patient entered is the patient's observation of the printed report (decision 243).
    ...(v.entered_at ? { performer: [ref(patient)] } : {}),
    ...value,
    // A doubtful reading gets no interpretation: the flag of a value nobody is sure of would mislead.
    // Nor does a number nothing judged (no range, no mark, no unit to apply ours in: decision
    // 249): its 'normal' is no verdict.
    ...(v.uncertain || unjudged(v)
      ? {}
      : {
          interpretation: [
            {
              coding: [{ system: INTERPRETATION, code: flag.code, display: flag.display }],
              text: flag.display,
            },
          ],
        }),
    ...(referenceRange(v) ? { referenceRange: referenceRange(v) } : {}),
    ...(notes.length ? { note: notes.map((text) => ({ text })) } : {}),
  };
}

/** The panel code when every value the knowledge base knows belongs to one panel that has one. */
export function reportCode(values: ReportValueRow[]): CodeableConcept {
  const panels = new Set(
    values.map((v) => getAnalyte(v.canonical_id)?.panel).filter((p): p is Analyte['panel'] => !!p),
  );
  const only = panels.size === 1 ? PANEL_LOINC[[...panels][0]] : undefined;
  return only ? { coding: [{ system: LOINC, ...only }], text: only.display } : LAB_REPORT;
}

function conclusion(report: Report): string | undefined {
  const parts = [report.summary, ...report.key_findings.map((f) => `- ${f}`)].filter(
    (p): p is string => !!p && !!p.trim(),
  );
  return parts.length ? parts.join('\n') : undefined;
}

export function reportEntries(item: ReportForFhir, patient: Patient): BundleEntry[] {
  const { report, values, file } = item;
  const observations = values.map((v) => observationResource(report, v, patient));
  const diagnostic: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    id: uuidFor('report', report.id),
    identifier: [{ system: REPORT_ID_SYSTEM, value: String(report.id) }],
    status: 'final',
    category: [{ coding: [{ system: DIAGNOSTIC_SERVICE, code: 'LAB', display: 'Laboratory' }] }],
    code: reportCode(values),
    subject: ref(patient),
    effectiveDateTime: effectiveDate(report),
    ...(report.processing_completed_at ? { issued: report.processing_completed_at.toISOString() } : {}),
    result: observations.map((o) => ref(o)),
    ...(conclusion(report) ? { conclusion: conclusion(report) } : {}),
  };
  const document: DocumentReference = {
    resourceType: 'DocumentReference',
    id: uuidFor('file', report.id),
    status: 'current',
    docStatus: 'final',
    type: LAB_REPORT,
    subject: ref(patient),
    date: report.created_at.toISOString(),
    description: report.original_filename,
    content: [
      {
        attachment: {
          contentType: report.mime_type,
          title: report.original_filename,
          size: report.file_size,
          creation: report.created_at.toISOString(),
          // The file itself when it could be read (a file removed from storage leaves the record).
          ...(file ? { data: file.toString('base64') } : {}),
        },
      },
    ],
    context: { related: [ref(diagnostic)] },
  };
  return [entry(diagnostic), ...observations.map(entry), entry(document)];
}

/** The bundle's frame; entries are the Patient then each report's entries. */
export function bundle(entries: BundleEntry[], timestamp = new Date()): Bundle {
  return {
    resourceType: 'Bundle',
    id: uuidFor('bundle', `${timestamp.getTime()}`),
    type: 'collection',
    timestamp: timestamp.toISOString(),
    entry: entries,
  };
}

/** The sex the engine read from the patient's most recent report that printed one. */
export function printedSex(reports: Report[]): string | null {
  for (const r of reports) {
    const sex = (r.analysis_result as { patient?: { sex?: unknown } } | null)?.patient?.sex;
    if (typeof sex === 'string') return sex;
  }
  return null;
}

export function fhirBundle(user: User, items: ReportForFhir[], timestamp = new Date()): Bundle {
  const patient = patientResource(user, printedSex(items.map((i) => i.report)));
  return bundle([entry(patient), ...items.flatMap((i) => reportEntries(i, patient))], timestamp);
}
