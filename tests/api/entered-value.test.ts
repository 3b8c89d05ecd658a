import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedValue } from '@reportsaathi/analysis';
import { transaction } from '@reportsaathi/db';
import {
  claimForProcessing,
  findCachedAnalysis,
  saveCompletedAnalysis,
} from '../../api/src/features/reports/reports.repo';
import { reapplyEnteredValues } from '../../api/src/features/reports/entered-value';
import { observationResource, patientResource } from '../../api/src/features/fhir/fhir-bundle';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * A misread value put right by its patient (decision 243): the owner types the printed value, the
 * row is judged again by the engine's rule and the explanation rewritten; another user's report is
 * "not found"; a value that is no number is refused with its reason; every change is audited; Undo
 * brings back the reading exactly; trends, exports and FHIR carry the entered value as the patient's.
 */

/** A photo's MCHC 41.01 read as 1.01: rightly "check it" (no flag of ours, the lab's mark none). */
const misread: ExtractedValue = {
  canonical_id: 'mchc',
  loinc: '786-4',
  name: 'MCHC',
  value: 1.01,
  qualifier: null,
  unit: 'g/dL',
  ref_low: 32,
  ref_high: 36,
  ref_text: '32 - 36',
  ref_source: 'report',
  flag: 'normal',
  flag_printed: null,
  uncertain: true,
  value_confidence: 0.4,
  reading_note: 'Read as 1.01 on the image, far below what this test can be',
};
const haemoglobin: ExtractedValue = {
  canonical_id: 'hemoglobin',
  loinc: '718-7',
  name: 'Haemoglobin',
  value: 12.9,
  qualifier: null,
  unit: 'g/dL',
  ref_low: 12,
  ref_high: 15.5,
  ref_text: '12.0 - 15.5',
  ref_source: 'report',
  flag: 'normal',
  flag_printed: null,
};

let t: TestApp;
let alice: Client;
let bob: Client;
let aliceId = 0;

async function analysedReport(): Promise<number> {
  const r = await t.db
    .insertInto('reports')
    .values({
      user_id: aliceId,
      filename: 'k',
      original_filename: 'cbc-photo.jpg',
      file_type: 'jpg',
      mime_type: 'image/jpeg',
      file_size: 100,
      content_hash: `entered-${Math.random()}`,
      status: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await analyse(r.id, [misread, haemoglobin]);
  return r.id;
}

/** The engine's result stored for the report (a first analysis, or a re-analysis of a completed one). */
async function analyse(id: number, values: ExtractedValue[]): Promise<void> {
  await t.db.updateTable('reports').set({ status: 'pending' }).where('id', '=', id).execute();
  const claimed = await claimForProcessing(t.db, id);
  await transaction(t.db, async (trx) => {
    await saveCompletedAnalysis(
      trx,
      id,
      claimed!.attempts,
      {
        report_type: 'blood_test',
        summary: 'Please check MCHC on the printed report.',
        key_findings: [],
        recommendations: [],
        impressions: [],
        confidence_score: 0.7,
        ai_model_version: 'test',
        engine_version: 'test',
        analysis_result: {
          document_kind: 'lab_report',
          patient: { age: 38, sex: 'female' },
          unread: [],
          unread_lines: [],
        },
        cache_hit: false,
      },
      values,
      new Date(),
    );
    await reapplyEnteredValues(trx, id);
  });
}

const enter = (c: Client, id: number, position: number | string, body: unknown) =>
  c.request('PUT', `/reports/${id}/values/${position}/entered`, body);
const undo = (c: Client, id: number, position: number | string) =>
  c.request('DELETE', `/reports/${id}/values/${position}/entered`);

async function auditRows(action: string, resource: string) {
  return t.db
    .selectFrom('audit_logs')
    .selectAll()
    .where('action', '=', action)
    .where('resource_id', '=', resource)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.baseUrl);
  bob = new Client(t.baseUrl);
  aliceId = (await registerAndLogin(alice)).user.id;
  await registerAndLogin(bob);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the patient enters a misread value', () => {
  it('is judged again against its range, marked as entered, and the explanation rewritten', async () => {
    const id = await analysedReport();
    const res = await enter(alice, id, 0, { value: '41.01' });
    expect(res.status).toBe(200);
    const [mchc, hb] = res.body.values;
    expect(mchc).toMatchObject({
      value: 41.01,
      flag: 'high',
      uncertain: false,
      reading_note: null,
      value_confidence: null,
      read_as: '1.01',
      ref_text: '32 - 36',
    });
    expect(Date.parse(mchc.entered_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(hb).toMatchObject({ value: 12.9, entered_at: null, read_as: null });
    // The summary is the engine's, written from the values as they now stand.
    expect(res.body.summary).toContain('Outside the reference range');
    expect(res.body.summary).not.toContain('Please check MCHC');
    expect(res.body.key_findings.join(' ')).toMatch(/41\.01/);
    // The same on the report's page afterwards.
    const page = await alice.get(`/reports/${id}`);
    expect(page.body.values[0]).toMatchObject({ value: 41.01, flag: 'high', read_as: '1.01' });

    // A value in range reads normal; a censored one keeps its mark.
    const again = await enter(alice, id, 0, { value: '34' });
    expect(again.body.values[0]).toMatchObject({ value: 34, flag: 'normal', read_as: '1.01' });
    expect(again.body.summary).not.toContain('Outside the reference range');
    const censored = await enter(alice, id, 0, { value: '<30' });
    expect(censored.body.values[0]).toMatchObject({ value: 30, qualifier: '<', flag: 'low' });

    // The history keeps every entry and the reading it replaced.
    const history = await t.db
      .selectFrom('report_value_corrections')
      .selectAll()
      .where('report_id', '=', id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.entered)).toEqual(['41.01', '34', '<30']);
    expect(history.every((h) => (h.original as { value: number }).value === 1.01)).toBe(true);
  });

  it('Undo brings back the reading exactly, and says so when there is nothing to undo', async () => {
    const id = await analysedReport();
    const before = (await alice.get(`/reports/${id}`)).body.values[0];
    await enter(alice, id, 0, { value: '41.01' });
    await enter(alice, id, 0, { value: '40' });
    const res = await undo(alice, id, 0);
    expect(res.status).toBe(200);
    expect(res.body.values[0]).toEqual(before);
    expect(res.body.values[0]).toMatchObject({
      value: 1.01,
      uncertain: true,
      entered_at: null,
      read_as: null,
    });
    // The explanation is the engine's for the reading again: MCHC to check, nothing out of range.
    expect(res.body.summary).not.toContain('Outside the reference range');
    const open = await t.db
      .selectFrom('report_value_corrections')
      .select('undone_at')
      .where('report_id', '=', id)
      .execute();
    expect(open.length).toBe(2);
    expect(open.every((c) => c.undone_at !== null)).toBe(true);

    const twice = await undo(alice, id, 0);
    expect(twice.status).toBe(409);
    expect(typeof twice.body.detail).toBe('string');
  });

  it('another user gets "not found" and changes nothing; a missing value is "not found"', async () => {
    const id = await analysedReport();
    const theirs = await enter(bob, id, 0, { value: '41.01' });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ detail: 'Report not found' });
    expect((await undo(bob, id, 0)).status).toBe(404);
    expect((await alice.get(`/reports/${id}`)).body.values[0]).toMatchObject({
      value: 1.01,
      entered_at: null,
    });
    const none = await enter(alice, id, 7, { value: '41.01' });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ detail: 'Value not found' });
    expect(
      (await new Client(t.baseUrl).request('PUT', `/reports/${id}/values/0/entered`, { value: '1' })).status,
    ).toBe(401);
  });

  it('what is no number is refused with its reason', async () => {
    const id = await analysedReport();
    for (const body of [{}, { value: '' }, { value: 42 }, { value: 'x'.repeat(40) }]) {
      const res = await enter(alice, id, 0, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    for (const value of ['abc', '4l.01', '1..2', '--3']) {
      const res = await enter(alice, id, 0, { value });
      expect(res.status, value).toBe(422);
      expect(res.body.detail).toMatch(/not a number/);
    }
    const badPosition = await enter(alice, id, 'first', { value: '41.01' });
    expect([400, 404]).toContain(badPosition.status);
    expect(typeof badPosition.body.detail).toBe('string');
    expect((await alice.get(`/reports/${id}`)).body.values[0].entered_at).toBeNull();
  });

  it('a re-analysis keeps the patient’s value, judged against the new reading’s range', async () => {
    const id = await analysedReport();
    await enter(alice, id, 0, { value: '41.01' });
    await enter(alice, id, 1, { value: '10.5' });
    // The new engine reads MCHC's range as 30 - 42 and no longer finds haemoglobin at its place.
    await analyse(id, [
      { ...misread, ref_low: 30, ref_high: 42, ref_text: '30 - 42' },
      { ...haemoglobin, canonical_id: 'mcv', name: 'MCV' },
    ]);
    const page = await alice.get(`/reports/${id}`);
    expect(page.body.values[0]).toMatchObject({
      value: 41.01,
      flag: 'normal',
      read_as: '1.01',
      uncertain: false,
    });
    expect(page.body.values[0].entered_at).toBeTruthy();
    expect(page.body.values[1]).toMatchObject({ name: 'MCV', entered_at: null });
    const undone = await undo(alice, id, 0);
    expect(undone.body.values[0]).toMatchObject({
      value: 1.01,
      ref_text: '30 - 42',
      uncertain: true,
      entered_at: null,
    });
    const open = await t.db
      .selectFrom('report_value_corrections')
      .select('id')
      .where('report_id', '=', id)
      .where('undone_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });

  it('a report holding a value its patient typed is never the cached reading of another upload', async () => {
    const id = await analysedReport();
    const { content_hash } = await t.db
      .selectFrom('reports')
      .select('content_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const key = { contentHash: content_hash, language: 'en' as const, engineVersion: 'test' };
    expect((await findCachedAnalysis(t.db, key, 0))?.id).toBe(id);
    await enter(alice, id, 0, { value: '41.01' });
    expect(await findCachedAnalysis(t.db, key, 0)).toBeUndefined();
    await undo(alice, id, 0);
    expect((await findCachedAnalysis(t.db, key, 0))?.id).toBe(id);
  });

  it('every change, and a refused one, writes an audit row', async () => {
    const id = await analysedReport();
    await enter(alice, id, 0, { value: '41.01' });
    await undo(alice, id, 0);
    await enter(bob, id, 0, { value: '2' });
    const entered = await auditRows('enter_report_value', `${id}:0`);
    expect(entered.map((r) => r.success)).toEqual(['success', 'failed']);
    expect(entered[0].details).toMatchObject({
      user_id: aliceId,
      report_id: id,
      position: 0,
      entered: '41.01',
      read_as: '1.01',
      flag_after: 'high',
    });
    expect(entered[0].admin_id).toBeNull();
    const undone = await auditRows('undo_entered_report_value', `${id}:0`);
    expect(undone.map((r) => r.success)).toEqual(['success']);
    expect(undone[0].details).toMatchObject({ user_id: aliceId, restored: '1.01' });
  });

  it('trends, the exports and FHIR carry the entered value as the patient’s', async () => {
    const id = await analysedReport();
    await enter(alice, id, 0, { value: '41.01' });
    const trend = await alice.get('/user/trends/mchc');
    expect(trend.status).toBe(200);
    const point = trend.body.points.find((p: { report_id: number }) => p.report_id === id);
    expect(point).toMatchObject({ value: 41.01, entered_by_patient: true });

    const json = await alice.get(`/user/export/reports/${id}?include_chats=false`);
    expect(json.body.export_data.report.values[0]).toMatchObject({ value: 41.01, read_as: '1.01' });
    expect(json.body.export_data.report.values[0].entered_at).toBeTruthy();

    const report = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', aliceId)
      .executeTakeFirstOrThrow();
    const row = await t.db
      .selectFrom('report_values')
      .selectAll()
      .where('report_id', '=', id)
      .where('position', '=', 0)
      .executeTakeFirstOrThrow();
    const patient = patientResource(user, 'female');
    const obs = observationResource(report, row, patient);
    expect(obs.valueQuantity?.value).toBe(41.01);
    expect(obs.performer).toEqual([{ reference: `urn:uuid:${patient.id}` }]);
    expect(obs.note?.map((n) => n.text).join(' ')).toMatch(/Entered by the patient .* read it as 1\.01/);
    expect(obs.interpretation?.[0].coding?.[0].code).toBe('H');
  });
});
