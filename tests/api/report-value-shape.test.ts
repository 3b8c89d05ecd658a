import Papa from 'papaparse';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PATIENT_ENTERED_FIELDS,
  reportValue,
  sharedValue,
  shownReportValue,
  SHARED_VALUE_FIELDS,
  type ReportValue,
} from '@reportsaathi/contracts';
import type { ExtractedValue } from '@reportsaathi/analysis';
import {
  claimForProcessing,
  copyCachedAnalysis,
  saveCompletedAnalysis,
} from '../../api/src/features/reports/reports.repo';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * One shape for a result (decision 170): a value the engine gives is stored whole and shown whole,
 * on the report's page, a cache copy, the shared page and the exports. Each field of the sample
 * is set to something other than "not set" (false, null), so a field stored but not shown, or
 * shown but not stored, comes back different and fails here.
 */

// Required<>: a field added to the engine must be given here, or this file does not compile.
const censored: Required<ExtractedValue> = {
  canonical_id: 'crp',
  loinc: '1988-5',
  name: 'C-Reactive Protein (CRP)',
  value: 0.5,
  qualifier: '<',
  unit: 'mg/L',
  unit_inferred: true,
  ref_low: 0,
  ref_high: 5,
  ref_text: '0 - 5',
  ref_source: 'knowledge_base',
  band: 'low risk',
  flag: 'low',
  flag_printed: 'H',
  flag_disagrees: true,
  printed_red: true,
  uncertain: true,
  value_confidence: 0.6,
  reading_note: 'Read as 05 on the image; 0.5 mg/L was used',
  not_in_knowledge_base: true,
};
/** A word result: its value is stored as text. */
const words: ExtractedValue = {
  canonical_id: 'urine_protein',
  loinc: null,
  name: 'Urine Protein',
  value: 'Nil',
  qualifier: null,
  unit: '',
  ref_low: null,
  ref_high: null,
  ref_text: 'Nil',
  ref_source: 'report',
  flag: 'normal',
  flag_printed: null,
};
const shownWords: ReportValue = {
  ...words,
  qualifier: null,
  unit_inferred: false,
  flag_disagrees: false,
  printed_red: false,
  band: null,
  uncertain: false,
  not_in_knowledge_base: false,
  value_confidence: null,
  reading_note: null,
  entered_at: null,
  read_as: null,
};
/** The fields only the patient sets (decision 243): null on a value as the engine read it. */
const asRead = { entered_at: null, read_as: null };
const shownFields = Object.keys(reportValue.shape).sort();
const engineFields = shownFields.filter((k) => !(PATIENT_ENTERED_FIELDS as readonly string[]).includes(k));

let t: TestApp;
let alice: Client;
let aliceId = 0;

async function analysedReport(values: ExtractedValue[]): Promise<number> {
  const r = await t.db
    .insertInto('reports')
    .values({
      user_id: aliceId,
      filename: 'k',
      original_filename: 'crp.txt',
      file_type: 'txt',
      mime_type: 'text/plain',
      file_size: 100,
      content_hash: `shape-${values.length}-${Math.random()}`,
      status: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const claimed = await claimForProcessing(t.db, r.id);
  await saveCompletedAnalysis(
    t.db,
    r.id,
    claimed!.attempts,
    {
      report_type: 'blood_test',
      summary: 'CRP is below 0.5 mg/L.',
      key_findings: [],
      recommendations: [],
      impressions: [],
      confidence_score: 0.9,
      ai_model_version: 'test',
      engine_version: 'test',
      analysis_result: { document_kind: 'lab_report', patient: {} },
      cache_hit: false,
    },
    values,
    new Date(),
  );
  return r.id;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.baseUrl);
  aliceId = (await registerAndLogin(alice)).user.id;
});
afterAll(async () => {
  await t?.close();
});

describe('one shape for a result, from the engine to every surface', () => {
  it('the sample sets every shown field the engine gives to something other than "not set"', () => {
    expect(Object.keys(censored).sort()).toEqual(engineFields);
    for (const k of engineFields)
      expect([null, false, undefined], k).not.toContain(censored[k as keyof ExtractedValue]);
  });

  it('report_values has a column for each shown field and for nothing else', async () => {
    const { rows } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'report_values'`.execute(t.db);
    const stored = rows.map((r) => r.column_name).sort();
    const expected = [
      ...shownFields.filter((k) => k !== 'value'),
      'value_numeric',
      'value_text',
      // Not fields of the value: its row, its report, its order, when it was stored.
      'id',
      'report_id',
      'position',
      'created_at',
    ].sort();
    expect(stored).toEqual(expected);
  });

  it("the report's page gets back every field stored, and a cache copy carries them all", async () => {
    const id = await analysedReport([censored, words]);
    const res = await alice.get(`/reports/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.values.map(storedPart)).toEqual([{ ...censored, ...asRead }, shownWords]);
    for (const v of res.body.values) shownReportValue.strict().parse(v);

    const copy = await t.db
      .insertInto('reports')
      .values({
        user_id: aliceId,
        filename: 'k2',
        original_filename: 'crp-again.txt',
        file_type: 'txt',
        mime_type: 'text/plain',
        file_size: 100,
        content_hash: 'shape-copy',
        status: 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const claimed = await claimForProcessing(t.db, copy.id);
    const from = await t.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await copyCachedAnalysis(t.db, copy.id, claimed!.attempts, from, new Date());
    expect((await alice.get(`/reports/${copy.id}`)).body.values.map(storedPart)).toEqual([
      { ...censored, ...asRead },
      shownWords,
    ]);
  });

  it('the shared page gets the fields it shows, the censored mark among them', async () => {
    const id = await analysedReport([censored]);
    const made = await alice.post(`/reports/${id}/share-links`, {});
    expect(made.status).toBe(201);
    const token = (made.body.path as string).slice(3);
    const doctor = new Client(t.baseUrl);
    const unlocked = await doctor.post(`/share/${token}/unlock`, { pin: made.body.pin });
    expect(unlocked.status).toBe(200);
    const page = await doctor.request('GET', `/share/${token}`, undefined, {
      'x-share-grant': unlocked.body.grant,
    });
    expect(page.status).toBe(200);
    const [shared] = page.body.values;
    sharedValue.strict().parse(shared);
    const picked = Object.fromEntries(
      Object.keys(SHARED_VALUE_FIELDS).map((k) => [k, censored[k as keyof ExtractedValue]]),
    );
    expect(storedPart(shared)).toEqual({ ...picked, trend: [] });
  });

  it('the exports carry every field; the CSV shows a censored result as printed, "<0.5"', async () => {
    const id = await analysedReport([censored]);
    const json = await alice.get(`/user/export/reports/${id}?include_chats=false`);
    expect(json.status).toBe(200);
    expect(json.body.export_data.report.values).toEqual([{ ...censored, ...asRead }]);

    const csv = await alice.request('GET', `/user/export/reports/${id}?format=csv&include_chats=false`);
    expect(csv.status).toBe(200);
    const rows = Papa.parse<Record<string, string>>(String(csv.body).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const value = rows.find((r) => r.record_type === 'value');
    expect(value).toMatchObject({
      value: '<0.5',
      ref_source: 'knowledge_base',
      printed_red: 'true',
    });
  });
});

describe("the patient's own value (decision 243) is stored and shown like every other field", () => {
  it('entered_at and read_as reach the page and the exports', async () => {
    const id = await analysedReport([censored]);
    const at = new Date('2026-11-28T01:00:00Z');
    await t.db
      .updateTable('report_values')
      .set({ entered_at: at, read_as: '05' })
      .where('report_id', '=', id)
      .execute();
    const entered = { entered_at: at.toISOString(), read_as: '05' };
    const page = await alice.get(`/reports/${id}`);
    expect(storedPart(page.body.values[0])).toEqual({ ...censored, ...entered });
    const json = await alice.get(`/user/export/reports/${id}?include_chats=false`);
    expect(json.body.export_data.report.values).toEqual([{ ...censored, ...entered }]);
    const csv = await alice.request('GET', `/user/export/reports/${id}?format=csv&include_chats=false`);
    const rows = Papa.parse<Record<string, string>>(String(csv.body).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.find((r) => r.record_type === 'value')).toMatchObject(entered);
  });
});

/**
 * A shown value less what the page adds from the knowledge base beside it (its body system, a line
 * on what the test measures, decision 220, and its Hindi name on a Hindi page, decision 260):
 * derived when shown, never stored.
 */
function storedPart(v: Record<string, unknown>): Record<string, unknown> {
  const { panel: _panel, about: _about, name_hi: _nameHi, ...stored } = v;
  return stored;
}
