import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  validateR4,
  type Bundle,
  type DocumentReference,
  type Observation,
} from '../../api/src/features/fhir/fhir-validator';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/** FHIR R4 export over HTTP: one report and the whole account, validated, owner only. */
let t: TestApp;
let alice: Client;
let bob: Client;
let aliceId = 0;
const reports: number[] = [];

async function storedReport(userId: number, n: number, status: 'completed' | 'pending' = 'completed') {
  const key = `fhir-test-${userId}-${n}`;
  const temp = path.join(t.deps.storage.tempDir, key);
  await writeFile(temp, `%PDF-1.4 report ${n}`);
  await t.deps.storage.putFile(key, temp);
  const r = await t.db
    .insertInto('reports')
    .values({
      user_id: userId,
      filename: key,
      original_filename: `lab_${n}.pdf`,
      file_type: 'pdf',
      mime_type: 'application/pdf',
      file_size: 20,
      content_hash: key,
      storage_key: key,
      status,
      summary: `Summary ${n}`,
      key_findings: JSON.stringify([`Finding ${n}`]),
      analysis_result: JSON.stringify({ patient: { sex: 'male', age: 50 } }),
      created_at: new Date(`2026-0${n}-15T08:00:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('report_values')
    .values([
      {
        report_id: r.id,
        position: 0,
        canonical_id: 'hemoglobin',
        loinc: '718-7',
        name: 'Hb',
        value_numeric: 10 + n,
        unit: 'gm%',
        ref_low: 13,
        ref_high: 17,
        ref_text: '13 - 17',
        flag: 'low',
      },
      {
        report_id: r.id,
        position: 1,
        canonical_id: 'urine_sugar',
        name: 'Urine Sugar',
        value_text: 'Nil',
        unit: '',
        ref_text: 'Nil',
        flag: 'normal',
      },
    ])
    .execute();
  return r.id;
}

async function bundleOf(client: Client, p: string) {
  const res = await fetch(t.baseUrl + p, { headers: { authorization: `Bearer ${client.bearer}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    text: await res.text(),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.baseUrl);
  bob = new Client(t.baseUrl);
  aliceId = (await registerAndLogin(alice)).user.id;
  await registerAndLogin(bob);
  for (const n of [1, 2, 3]) reports.push(await storedReport(aliceId, n));
  await storedReport(aliceId, 4, 'pending');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('FHIR R4 export', () => {
  it('one report: a valid collection bundle with its values and the original file', async () => {
    const res = await bundleOf(alice, `/user/export/reports/${reports[1]}/fhir`);
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/fhir+json');
    expect(res.disposition).toContain(`report_${reports[1]}_fhir_r4.json`);
    const b = JSON.parse(res.text) as Bundle;
    validateR4(b);
    const types = b.entry!.map((e) => e.resource!.resourceType);
    expect(types).toEqual(['Patient', 'DiagnosticReport', 'Observation', 'Observation', 'DocumentReference']);
    const [hb, sugar] = b
      .entry!.filter((e) => e.resource!.resourceType === 'Observation')
      .map((e) => e.resource as Observation);
    expect(hb.valueQuantity).toMatchObject({ value: 12, unit: 'gm%', code: 'g/dL' });
    expect(sugar.valueString).toBe('Nil');
    const doc = b.entry!.at(-1)!.resource as DocumentReference;
    expect(Buffer.from(doc.content[0].attachment.data!, 'base64').toString()).toBe('%PDF-1.4 report 2');
  });

  it('the account: every analysed report in one valid bundle, streamed', async () => {
    const res = await bundleOf(alice, '/user/export/fhir');
    expect(res.status).toBe(200);
    const b = JSON.parse(res.text) as Bundle;
    validateR4(b);
    const obs = b
      .entry!.filter((e) => e.resource!.resourceType === 'Observation')
      .map((e) => e.resource as Observation);
    // The pending report is not in it; every value of the three others is.
    expect(
      obs
        .filter((o) => o.code.text === 'Hb')
        .map((o) => o.valueQuantity?.value)
        .sort(),
    ).toEqual([11, 12, 13]);
    expect(b.entry!.filter((e) => e.resource!.resourceType === 'Patient')).toHaveLength(1);
    expect(b.entry!.filter((e) => e.resource!.resourceType === 'DiagnosticReport')).toHaveLength(3);
  });

  it("only the owner's analysed reports", async () => {
    expect((await bundleOf(bob, `/user/export/reports/${reports[0]}/fhir`)).status).toBe(404);
    const empty = JSON.parse((await bundleOf(bob, '/user/export/fhir')).text) as Bundle;
    validateR4(empty);
    expect(empty.entry!.map((e) => e.resource!.resourceType)).toEqual(['Patient']);
    expect((await new Client(t.baseUrl).get('/user/export/fhir')).status).toBe(401);
    expect((await bundleOf(alice, '/user/export/reports/abc/fhir')).status).toBe(404);
  });
});
