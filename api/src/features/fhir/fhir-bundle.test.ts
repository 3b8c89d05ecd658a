import { describe, expect, it } from 'vitest';
import type { Bundle, DiagnosticReport, DocumentReference, Observation } from '@medplum/fhirtypes';
import type { Report, ReportValueRow, User } from '@reportsaathi/db';
import { effectiveDate, fhirBundle, INTERPRETATION, LOINC, reportCode, UCUM, uuidFor } from './fhir-bundle';
import { validateR4 } from './fhir-validator';
import { ucumCode } from './ucum';

const user = {
  id: 7,
  email: 'asha@example.com',
  full_name: 'Asha Verma',
} as User;

function report(id: number, over: Partial<Report> = {}): Report {
  return {
    id,
    user_id: 7,
    original_filename: `cbc_${id}.pdf`,
    mime_type: 'application/pdf',
    file_size: 1234,
    status: 'completed',
    summary: 'Haemoglobin is a little low.',
    key_findings: ['Haemoglobin 11.2 g/dL is below the range'],
    analysis_result: { patient: { sex: 'female', age: 41 } },
    created_at: new Date('2026-03-04T05:06:07Z'),
    processing_completed_at: new Date('2026-03-04T05:07:00Z'),
    ...over,
  } as Report;
}

let nextId = 1;
function value(reportId: number, over: Partial<ReportValueRow>): ReportValueRow {
  return {
    id: nextId++,
    report_id: reportId,
    position: nextId,
    canonical_id: 'hemoglobin',
    loinc: '718-7',
    name: 'Haemoglobin',
    value_numeric: 11.2,
    value_text: null,
    qualifier: null,
    unit: 'g/dL',
    ref_low: 12,
    ref_high: 15,
    ref_text: '12.0 - 15.0',
    flag: 'low',
    unit_inferred: false,
    flag_printed: 'L',
    flag_disagrees: false,
    band: null,
    uncertain: false,
    not_in_knowledge_base: false,
    value_confidence: null,
    reading_note: null,
    ...over,
  } as ReportValueRow;
}

const cbc = [
  value(1, {}),
  value(1, {
    canonical_id: 'platelet_count',
    loinc: '777-3',
    name: 'Platelet Count',
    value_numeric: 1.9,
    unit: 'lakhs/cumm',
    ref_low: 1.5,
    ref_high: 4.1,
    ref_text: '1.5 - 4.1',
    flag: 'normal',
  }),
  value(1, {
    canonical_id: 'wbc_count',
    loinc: null,
    name: 'Total WBC',
    value_numeric: 22000,
    unit: 'cells/cumm',
    ref_low: 4000,
    ref_high: 11000,
    ref_text: '4000-11000',
    flag: 'critical_high',
  }),
];
const mixed = [
  value(2, {
    canonical_id: 'hba1c',
    loinc: '4548-4',
    name: 'HbA1c',
    value_numeric: 6.1,
    unit: '%',
    ref_low: null,
    ref_high: 5.7,
    ref_text: '< 5.7',
    flag: 'high',
  }),
  value(2, {
    canonical_id: 'urine_protein',
    loinc: null,
    name: 'Urine Albumin',
    value_numeric: null,
    value_text: 'Trace',
    unit: '',
    ref_low: null,
    ref_high: null,
    ref_text: 'Nil',
    flag: 'abnormal',
  }),
  value(2, {
    canonical_id: 'crp',
    loinc: null,
    name: 'CRP',
    value_numeric: 0.5,
    qualifier: '<',
    unit: 'mg/L',
    ref_low: null,
    ref_high: 6,
    ref_text: '< 6',
    flag: 'normal',
  }),
  value(2, {
    canonical_id: 'widal_o',
    loinc: null,
    name: 'Widal O',
    value_numeric: 80,
    unit: 'Todd units',
    ref_low: null,
    ref_high: null,
    ref_text: '',
    flag: 'normal',
    not_in_knowledge_base: true,
  }),
  value(2, {
    name: 'Hb (photo)',
    value_numeric: 45,
    unit: 'g/dL',
    flag: 'critical_high',
    uncertain: true,
    reading_note: 'read as 45',
  }),
];

function build(): Bundle {
  return fhirBundle(
    user,
    [
      { report: report(1), values: cbc, file: Buffer.from('%PDF-1.4 the original') },
      { report: report(2, { summary: null, key_findings: [] }), values: mixed, file: null },
    ],
    new Date('2026-11-25T10:00:00Z'),
  );
}

const ofType = <T>(b: Bundle, type: string) =>
  (b.entry ?? []).map((e) => e.resource).filter((r) => r?.resourceType === type) as T[];

describe('FHIR R4 bundle', () => {
  it("effective date: the patient's correction, else the printed collection day, else the upload", () => {
    const printed = new Date(2025, 11, 30);
    expect(effectiveDate(report(90, { collected_on: printed }))).toBe('2025-12-30');
    expect(
      effectiveDate(report(91, { collected_on: printed, collected_on_corrected: new Date(2025, 11, 29) })),
    ).toBe('2025-12-29');
    expect(effectiveDate(report(92, { collected_on: null }))).toBe('2026-03-04T05:06:07.000Z');
  });

  it('validates against the R4 structure definitions, every resource in it', () => {
    const b = build();
    expect(() => validateR4(b)).not.toThrow();
    for (const e of b.entry ?? []) expect(() => validateR4(e.resource!)).not.toThrow();
  });

  it('the validator is not a rubber stamp: a wrong type or unknown field fails', () => {
    const b = build();
    const obs = ofType<Observation>(b, 'Observation')[0];
    expect(() => validateR4({ ...obs, valueQuantity: { value: '11.2' as unknown as number } })).toThrow();
    expect(() => validateR4({ ...obs, status: 'done' as Observation['status'] })).toThrow();
    expect(() => validateR4({ ...obs, flavour: 'x' } as Observation)).toThrow();
    expect(() => validateR4({ ...obs, code: undefined } as unknown as Observation)).toThrow();
    const wrongFlag = { coding: [{ system: INTERPRETATION, code: 'HIGH' }] };
    expect(() => validateR4({ ...obs, interpretation: [wrongFlag] })).toThrow(/HIGH/);
  });

  it('is a collection with one Patient, and per report a DiagnosticReport, its Observations and the file', () => {
    const b = build();
    expect(b.type).toBe('collection');
    expect(ofType(b, 'Patient')).toHaveLength(1);
    expect(ofType(b, 'DiagnosticReport')).toHaveLength(2);
    expect(ofType(b, 'Observation')).toHaveLength(cbc.length + mixed.length);
    const docs = ofType<DocumentReference>(b, 'DocumentReference');
    expect(docs).toHaveLength(2);
    expect(Buffer.from(docs[0].content[0].attachment.data!, 'base64').toString()).toBe(
      '%PDF-1.4 the original',
    );
    expect(docs[1].content[0].attachment.data).toBeUndefined();
    // Every reference resolves to an entry of the bundle.
    const urls = new Set(b.entry!.map((e) => e.fullUrl));
    const refs = JSON.stringify(b).match(/"reference":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) expect(urls.has(r.slice(13, -1))).toBe(true);
  });

  it('DiagnosticReport: final, category LAB, panel LOINC when every known value is of one panel', () => {
    const [dr1, dr2] = ofType<DiagnosticReport>(build(), 'DiagnosticReport');
    expect(dr1.status).toBe('final');
    expect(dr1.category?.[0].coding?.[0].code).toBe('LAB');
    expect(dr1.code.coding?.[0]).toMatchObject({ system: LOINC, code: '58410-2' });
    expect(dr1.conclusion).toContain('Haemoglobin is a little low.');
    // Values of several panels: the document code "Laboratory report".
    expect(dr2.code.coding?.[0].code).toBe('11502-2');
    expect(reportCode([])).toEqual(reportCode(mixed));
  });

  it('Observation: LOINC and printed name, UCUM quantity, range as printed, v3 interpretation, date', () => {
    const obs = ofType<Observation>(build(), 'Observation');
    const hb = obs[0];
    expect(hb.code).toEqual({
      coding: [{ system: LOINC, code: '718-7', display: 'Hemoglobin' }],
      text: 'Haemoglobin',
    });
    expect(hb.valueQuantity).toEqual({ value: 11.2, unit: 'g/dL', system: UCUM, code: 'g/dL' });
    expect(hb.referenceRange?.[0]).toMatchObject({
      low: { value: 12 },
      high: { value: 15 },
      text: '12.0 - 15.0',
    });
    expect(hb.interpretation?.[0].coding?.[0]).toEqual({ system: INTERPRETATION, code: 'L', display: 'Low' });
    expect(hb.effectiveDateTime).toBe('2026-03-04T05:06:07.000Z');
    // The knowledge base's LOINC when the row has none; lakhs/cumm is 10*5/uL in UCUM.
    expect(obs[1].valueQuantity).toMatchObject({ unit: 'lakhs/cumm', code: '10*5/uL' });
    expect(obs[2].interpretation?.[0].coding?.[0].code).toBe('HH');
    expect(obs[2].valueQuantity?.code).toBe('/uL');
    const [hba1c, urine, crp, widal, photo] = obs.slice(3);
    expect(hba1c.referenceRange?.[0].low).toBeUndefined();
    expect(urine.valueString).toBe('Trace');
    expect(urine.interpretation?.[0].coding?.[0].code).toBe('A');
    expect(crp.valueQuantity?.comparator).toBe('<');
    // No UCUM code for an arbitrary unit: the printed unit alone.
    expect(widal.valueQuantity).toEqual({ value: 80, unit: 'Todd units' });
    expect(widal.code.coding).toBeUndefined();
    // A doubtful reading has no interpretation, and says why in a note.
    expect(photo.interpretation).toBeUndefined();
    expect(photo.note?.map((n) => n.text).join(' ')).toContain('uncertain');
  });

  it('Observation: the LOINC of the property reported, substance for mmol/L and mass for mg/dL (decision 196)', () => {
    const glucose = (unit: string, n: number) =>
      fhirBundle(
        user,
        [
          {
            report: report(9),
            values: [
              value(9, {
                canonical_id: 'glucose_fasting',
                loinc: '1558-6',
                name: 'Fasting Blood Sugar',
                value_numeric: n,
                unit,
                ref_low: null,
                ref_high: null,
                ref_text: '',
                flag: 'normal',
                flag_printed: null,
              }),
            ],
            file: null,
          },
        ],
        new Date('2026-11-25T10:00:00Z'),
      );
    const code = (b: Bundle) => ofType<Observation>(b, 'Observation')[0].code?.coding?.[0].code;
    expect(code(glucose('mmol/L', 5.4))).toBe('14771-0');
    expect(code(glucose('mg/dL', 97))).toBe('1558-6');
  });

  it('Observation: no interpretation for a number nothing judged (no range to compare against, decision 249)', () => {
    const observation = (ref_source: 'none' | 'report') =>
      ofType<Observation>(
        fhirBundle(
          user,
          [
            {
              report: report(10),
              values: [
                value(10, {
                  canonical_id: 'platelet_count',
                  loinc: '777-3',
                  name: 'Platelet Count',
                  value_numeric: 2.5,
                  unit: '',
                  ref_low: null,
                  ref_high: null,
                  ref_text: '',
                  ref_source,
                  flag: 'normal',
                  flag_printed: null,
                }),
              ],
              file: null,
            },
          ],
          new Date('2026-11-25T10:00:00Z'),
        ),
        'Observation',
      )[0];
    expect(observation('none').interpretation).toBeUndefined();
    expect(observation('report').interpretation?.[0].coding?.[0].code).toBe('N');
  });

  it('round trip: the bundle read back from its JSON names every value with its unit and flag', () => {
    const text = JSON.stringify(build());
    const back = JSON.parse(text) as Bundle;
    validateR4(back);
    const obs = ofType<Observation>(back, 'Observation');
    for (const v of [...cbc, ...mixed]) {
      const o = obs.find((x) => x.id === uuidFor('value', v.id));
      expect(o, v.name).toBeDefined();
      expect(o!.code.text).toBe(v.name);
      if (v.value_numeric !== null) {
        expect(o!.valueQuantity?.value).toBe(v.value_numeric);
        expect(o!.valueQuantity?.unit ?? '').toBe(v.unit);
      } else expect(o!.valueString).toBe(v.value_text);
    }
  });

  it('the patient: name, email, the sex the report printed', () => {
    const [p] = ofType<{ name: { text: string }[]; gender: string; telecom: { value: string }[] }>(
      build(),
      'Patient',
    );
    expect(p.name[0].text).toBe('Asha Verma');
    expect(p.gender).toBe('female');
    expect(p.telecom[0].value).toBe('asha@example.com');
  });

  it('stable ids: the same row gets the same UUID, shaped as a version-4 UUID', () => {
    expect(uuidFor('value', 3)).toBe(uuidFor('value', 3));
    expect(uuidFor('value', 3)).not.toBe(uuidFor('report', 3));
    expect(uuidFor('report', 3)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('UCUM codes of printed units', () => {
  it.each([
    ['gm%', 'g/dL'],
    ['mg/dl', 'mg/dL'],
    ['/cumm', '/uL'],
    ['cells/µL', '/uL'],
    ['10^3/µL', '10*3/uL'],
    ['million/cumm', '10*6/uL'],
    ['µIU/mL', 'u[IU]/mL'],
    ['IU/L', '[IU]/L'],
    ['mm/1st hr', 'mm/h'],
    ['mL/min/1.73m²', 'mL/min/{1.73_m2}'],
    ['ng/mL FEU', 'ng/mL{FEU}'],
  ])('%s is %s', (printed, code) => expect(ucumCode(printed)).toBe(code));

  it('no code for a unit UCUM has no name for, nor for none', () => {
    expect(ucumCode('Todd units')).toBeNull();
    expect(ucumCode('')).toBeNull();
  });
});
