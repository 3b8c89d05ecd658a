import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labReportText, type LabReport, type LabRow } from '../../api/src/seed/lab-report-text';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';

/**
 * Trends from real uploads the engine reads: reports of two labs in two house styles, uploaded in
 * another order than their samples were taken, with different units and reference ranges, one
 * printing no date at all, and three of one day.
 */
let t: TestApp;
let alice: Client;
let bob: Client;
const ids: Record<string, number> = {};

const PUNE = { name: 'Saathi Demo Diagnostics', city: 'Pune' };
const DELHI = { name: 'Sanjeevani Path Labs', city: 'Delhi' };
const patient = { name: 'Test Patient', age: 45, sex: 'Male' as const };

function report(style: 'A' | 'B', lab: LabReport['lab'], collected: string | undefined, rows: LabRow[]) {
  return labReportText({ lab, patient, collected, style, sections: [{ title: 'Blood tests', rows }] });
}

async function upload(c: Client, tag: string, text: string): Promise<number> {
  const res = await c.request('POST', '/reports/upload', fileForm(`${tag}.txt`, text, 'text/plain'));
  expect(res.status).toBe(201);
  const done = await waitForReport(c, `/reports/${res.body.id}`);
  expect(done.body.status).toBe('completed');
  return res.body.id;
}

/** Today in India, where an undated report's upload is placed. */
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
  alice = new Client(t.baseUrl);
  bob = new Client(t.baseUrl);
  await registerAndLogin(alice);
  await registerAndLogin(bob);
  // Uploaded newest sample first: the upload order must not be the chart's order.
  ids.may26 = await upload(
    alice,
    'may26',
    report('A', PUNE, '2026-05-08', [
      { name: 'Haemoglobin', value: '116', unit: 'g/L', range: '120 - 155', mark: 'L' },
      { name: 'Glucose Fasting', value: '118', unit: 'mg/dL', range: '70 - 100', mark: 'H' },
    ]),
  );
  ids.nov25 = await upload(
    alice,
    'nov25',
    report('B', DELHI, '2025-11-14', [
      { name: 'Haemoglobin', value: '12.1', unit: 'g/dL', range: '11.5 - 16.0' },
      { name: 'Glucose Fasting', value: '6.3', unit: 'mmol/L', range: '3.9 - 5.6', mark: 'H' },
    ]),
  );
  ids.may25 = await upload(
    alice,
    'may25',
    report('A', PUNE, '2025-05-20', [
      { name: 'Haemoglobin', value: '12.1', unit: 'g/dL', range: '13.0 - 17.0', mark: 'L' },
      { name: 'Glucose Fasting', value: '96', unit: 'mg/dL', range: '70 - 100' },
    ]),
  );
  ids.undated = await upload(
    alice,
    'undated',
    report('B', DELHI, undefined, [
      { name: 'Haemoglobin', value: '13.4', unit: 'g/dL', range: '11.5 - 16.0' },
    ]),
  );
  // Bob: three reports of one morning.
  for (const [i, v] of ['38.5', '41.0', '44.3'].entries())
    ids[`bob${i}`] = await upload(
      bob,
      `bob${i}`,
      report(i === 1 ? 'B' : 'A', i === 1 ? DELHI : PUNE, '2026-03-02', [
        {
          name: 'Packed Cell Volume (PCV)',
          value: v,
          unit: '%',
          range: '40 - 50',
          mark: Number(v) < 40 ? 'L' : undefined,
        },
      ]),
    );
}, 180_000);
afterAll(async () => {
  await t?.close();
});

type Point = {
  report_id: number;
  date: string;
  date_source: string;
  value: number;
  ref_low: number | null;
  ref_high: number | null;
  out_of_range: boolean;
};

describe('trends by the sample date printed on each report', () => {
  it('places every point at its printed collection date, the undated one at its upload day', async () => {
    const res = await alice.get('/user/trends/hemoglobin');
    expect(res.status).toBe(200);
    const pts = res.body.points as Point[];
    expect(pts.map((p) => [p.report_id, p.date, p.date_source])).toEqual([
      [ids.may25, '2025-05-20', 'printed'],
      [ids.nov25, '2025-11-14', 'printed'],
      [ids.may26, '2026-05-08', 'printed'],
      [ids.undated, todayInIndia(), 'upload'],
    ]);
  });

  it("a report's own view carries its sample day and the lab's name as printed, for the printout", async () => {
    const printed = (await alice.get(`/reports/${ids.may26}`)).body;
    expect(printed).toMatchObject({ sample_date: '2026-05-08', lab_name: 'SAATHI DEMO DIAGNOSTICS' });
    const undated = (await alice.get(`/reports/${ids.undated}`)).body;
    expect(undated.sample_date).toBe(todayInIndia());
    expect(undated.lab_name).toBe('Sanjeevani Path Labs - Delhi');
  });

  it("gives each point its own report's range in the chart's unit, and judges it against that range", async () => {
    const pts = (await alice.get('/user/trends/hemoglobin')).body.points as Point[];
    expect(pts.map((p) => [p.value, p.ref_low, p.ref_high, p.out_of_range])).toEqual([
      [12.1, 13, 17, true], // low against its own lab's 13-17
      [12.1, 11.5, 16, false], // the same 12.1 is within the other lab's 11.5-16
      [11.6, 12, 15.5, true], // printed as 116 g/L against 120-155 g/L
      [13.4, 11.5, 16, false],
    ]);
    const glucose = (await alice.get('/user/trends/glucose_fasting')).body;
    expect(glucose.unit).toBe('mg/dL');
    const g = glucose.points as Point[];
    expect(g.map((p) => p.date)).toEqual(['2025-05-20', '2025-11-14', '2026-05-08']);
    // 6.3 mmol/L and its 3.9-5.6 range, both in mg/dL.
    expect(g[1].value).toBe(114); // at the precision printed (decision 196)
    expect(g[1].ref_low).toBeCloseTo(70.3, 0);
    expect(g[1].ref_high).toBeCloseTo(100.9, 0);
    expect(g.map((p) => p.out_of_range)).toEqual([false, true, true]);
    expect(glucose.sentence.en).toBe(
      'Fasting blood glucose rose from 96 mg/dL to 118 mg/dL over 12 months, now above the normal range',
    );
  });

  it('says "on the same day" for samples of one day, never "over 0 days"', async () => {
    const res = await bob.get('/user/trends/hematocrit');
    expect(res.status).toBe(200);
    expect(res.body.points.map((p: Point) => p.date)).toEqual(['2026-03-02', '2026-03-02', '2026-03-02']);
    expect(res.body.sentence.en).toMatch(
      /rose from 38\.5 % to 44\.3 % on the same day, now within the normal range$/,
    );
    expect(res.body.sentence.hi).toContain('एक ही दिन में');
  });
});

describe("the patient's correction of a report's date", () => {
  const put = (c: Client, id: number, body: unknown) =>
    c.request('PUT', `/user/reports/${id}/collection-date`, body);

  it('moves the point, survives a re-analysis, and clears back to the printed date', async () => {
    const res = await put(alice, ids.undated, { collected_on: '2025-08-01' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      report_id: ids.undated,
      taken_on: '2025-08-01',
      date_source: 'corrected',
      printed: null,
    });
    let pts = (await alice.get('/user/trends/hemoglobin')).body.points as Point[];
    expect(pts.map((p) => p.report_id)).toEqual([ids.may25, ids.undated, ids.nov25, ids.may26]);
    expect(pts[1].date_source).toBe('corrected');
    // A re-analysis stores a new result: the correction stays.
    await sql`UPDATE reports SET analysis_result = analysis_result WHERE id = ${ids.undated}`.execute(t.db);
    pts = (await alice.get('/user/trends/hemoglobin')).body.points as Point[];
    expect(pts[1]).toMatchObject({ report_id: ids.undated, date: '2025-08-01' });

    const printed = await put(alice, ids.may26, { collected_on: '2026-05-09' });
    expect(printed.body).toMatchObject({ taken_on: '2026-05-09', printed: '2026-05-08' });
    const cleared = await put(alice, ids.may26, { collected_on: null });
    expect(cleared.body).toEqual({
      report_id: ids.may26,
      taken_on: '2026-05-08',
      date_source: 'printed',
      printed: '2026-05-08',
    });
  });

  it('refuses a date that is not a real day, in the future or before 1990, with a detail', async () => {
    for (const bad of ['2026-02-30', '18/11/2026', '1985-01-01', '2999-01-01', 42, '']) {
      const res = await put(alice, ids.may25, { collected_on: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await put(alice, ids.may25, {})).status).toBe(400);
  });

  it("is the owner's only: another user's report is not found, and nothing changes", async () => {
    const res = await put(bob, ids.may25, { collected_on: '2024-01-01' });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Report not found');
    expect((await put(new Client(t.baseUrl), ids.may25, { collected_on: '2024-01-01' })).status).toBe(401);
    const pts = (await alice.get('/user/trends/hemoglobin')).body.points as Point[];
    expect(pts[0]).toMatchObject({ report_id: ids.may25, date: '2025-05-20' });
  });
});
