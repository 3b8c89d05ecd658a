import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAnalyte } from '@reportsaathi/analysis';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/** Trends across a user's analysed reports: one unit per analyte, the band, the sentence. */
let t: TestApp;
let alice: Client;
let bob: Client;
let aliceId = 0;

async function reportWith(
  userId: number,
  date: string,
  values: Array<[string, string, number, string, number | null, number | null, string]>,
  status = 'completed',
) {
  const r = await t.db
    .insertInto('reports')
    .values({
      user_id: userId,
      filename: 'k',
      original_filename: `lab_${date}.pdf`,
      file_type: 'pdf',
      mime_type: 'application/pdf',
      file_size: 1000,
      content_hash: `h${date}${userId}`,
      status: status as 'completed',
      created_at: new Date(`${date}T09:00:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('report_values')
    .values(
      values.map(([id, name, value, unit, low, high, flag], i) => ({
        report_id: r.id,
        position: i,
        canonical_id: id,
        name,
        value_numeric: value,
        unit,
        ref_low: low,
        ref_high: high,
        ref_text: '',
        flag: flag as 'normal',
      })),
    )
    .execute();
  return r.id;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.baseUrl);
  bob = new Client(t.baseUrl);
  aliceId = (await registerAndLogin(alice)).user.id;
  await registerAndLogin(bob);
  await reportWith(aliceId, '2026-01-10', [
    ['hba1c', 'HbA1c', 7.9, '%', 4, 5.6, 'high'],
    ['glucose_fasting', 'Glucose Fasting', 7.0, 'mmol/L', 3.9, 5.5, 'high'],
    ['vitamin_d', 'Vitamin D', 18, 'ng/mL', 30, 100, 'low'],
  ]);
  await reportWith(aliceId, '2026-04-10', [
    ['hba1c', 'HbA1c', 7.2, '%', 4, 5.6, 'high'],
    ['glucose_fasting', 'Glucose Fasting', 110, 'mg/dL', 70, 100, 'high'],
  ]);
  await reportWith(aliceId, '2026-07-10', [
    ['hba1c', 'HbA1c', 6.8, '%', 4, 5.6, 'high'],
    ['glucose_fasting', 'Glucose Fasting', 92, 'mg/dL', 70, 100, 'normal'],
  ]);
  // A report still processing does not count.
  await reportWith(aliceId, '2026-08-01', [['hba1c', 'HbA1c', 9.9, '%', 4, 5.6, 'high']], 'processing');
});
afterAll(async () => {
  await t?.close();
});

describe('trends', () => {
  it('lists analytes in two or more analysed reports, with points over time', async () => {
    const res = await alice.get('/user/trends');
    expect(res.status).toBe(200);
    const ids = res.body.trends.map((x: { analyte: string }) => x.analyte).sort();
    expect(ids).toEqual(['glucose_fasting', 'hba1c']);
    const hba1c = res.body.trends.find((x: { analyte: string }) => x.analyte === 'hba1c');
    expect(hba1c.points.map((p: { value: number }) => p.value)).toEqual([7.9, 7.2, 6.8]);
    expect(hba1c.sentence.en).toMatch(
      /^HbA1c.* fell from 7\.9 % to 6\.8 % over 6 months, still above the normal range$/,
    );
    expect(hba1c.sentence.hi).toContain('6 महीने में 7.9 % से घटकर 6.8 % हो गया');
    // The name in both languages, the Hindi one from the knowledge base (a Hindi page's card title).
    expect(hba1c.name).toBe(getAnalyte('hba1c')?.name.en);
    expect(hba1c.name_hi).toBe(getAnalyte('hba1c')?.name.hi);
    expect(hba1c.name_hi).toMatch(/[\u0900-\u097F]/);
    expect(hba1c.sentence.hi.startsWith(hba1c.name_hi)).toBe(true);
    expect(hba1c.points.every((p: { out_of_range: boolean }) => p.out_of_range)).toBe(true);
  });

  it('normalises units to one per analyte (glucose mmol/L → mg/dL), the band with it', async () => {
    const analyte = 'glucose_fasting';
    const res = await alice.get(`/user/trends/${analyte}`);
    expect(res.status).toBe(200);
    expect(res.body.unit).toBe('mg/dL');
    const [first, second, third] = res.body.points;
    // What the report printed comes only with a converted point.
    expect(first.printed).toEqual({ value: 7, unit: 'mmol/L' });
    expect([second.printed, third.printed]).toEqual([undefined, undefined]);
    expect(first.value).toBeCloseTo(126, 0);
    expect(first.ref_high).toBeCloseTo(99, 0);
    expect([first.out_of_range, second.out_of_range, third.out_of_range]).toEqual([true, true, false]);
    expect(res.body.sentence.en).toMatch(
      /fell from 12\d(\.\d+)? mg\/dL to 92 mg\/dL over 6 months, now within the normal range/,
    );
  });

  it("is the user's own: another user, a one-report analyte and a malformed name are 404", async () => {
    expect((await bob.get('/user/trends')).body.trends).toEqual([]);
    expect((await bob.get('/user/trends/hba1c')).status).toBe(404);
    expect((await alice.get('/user/trends/vitamin_d')).status).toBe(404);
    expect((await alice.get('/user/trends/DROP%20TABLE')).status).toBe(404);
  });
});

describe('a long series (decision 064)', () => {
  let carol: Client;
  beforeAll(async () => {
    carol = new Client(t.baseUrl);
    const carolId = (await registerAndLogin(carol)).user.id;
    // 30 monthly reports of HbA1c falling from 9.0 to 6.1, and TSH in each of the last 3.
    for (let i = 0; i < 30; i++) {
      const month = new Date(Date.UTC(2023, i, 5)).toISOString().slice(0, 10);
      const values: Array<[string, string, number, string, number | null, number | null, string]> = [
        ['hba1c', 'HbA1c', Number((9 - i * 0.1).toFixed(1)), '%', 4, 5.6, 'high'],
      ];
      // One report prints glucose in both units: it is still one point of that report.
      if (i >= 27) values.push(['tsh', 'TSH', 2 + i / 100, 'uIU/mL', 0.4, 4.5, 'normal']);
      if (i === 29)
        values.push(
          ['glucose_fasting', 'Glucose Fasting', 99, 'mg/dL', 70, 100, 'normal'],
          ['glucose_fasting', 'Glucose Fasting', 5.5, 'mmol/L', 3.9, 5.5, 'normal'],
        );
      await reportWith(carolId, month, values);
    }
  });

  it('draws the latest 24 points and says how many there are; the sentence spans the whole series', async () => {
    const res = await carol.get('/user/trends/hba1c');
    expect(res.status).toBe(200);
    expect(res.body.total_points).toBe(30);
    expect(res.body.points).toHaveLength(24);
    const values = res.body.points.map((p: { value: number }) => p.value);
    // Oldest first, the latest 24: 8.4 (the 7th report) down to 6.1.
    expect(values[0]).toBe(8.4);
    expect(values[23]).toBe(6.1);
    // The sentence starts from the series' first report (9 % on 2023-01-05), which is not drawn.
    expect(res.body.sentence.en).toBe(
      'HbA1c (glycated hemoglobin) fell from 9 % to 6.1 % over 2 years, still above the normal range',
    );
  });

  it('lists analytes a page at a time, most measured first; two units in one report are one point', async () => {
    const first = await carol.get('/user/trends?per_page=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total_count: 2, total_pages: 2, page: 1, per_page: 1 });
    expect(first.body.trends.map((x: { analyte: string }) => x.analyte)).toEqual(['hba1c']);
    expect(first.body.trends[0].points).toHaveLength(24);
    const second = await carol.get('/user/trends?per_page=1&page=2');
    expect(second.body.trends.map((x: { analyte: string }) => x.analyte)).toEqual(['tsh']);
    expect(second.body.trends[0].total_points).toBe(3);
    expect((await carol.get('/user/trends?per_page=1&page=3')).body.trends).toEqual([]);
    // Glucose is in one report only, printed twice: no trend.
    expect((await carol.get('/user/trends/glucose_fasting')).status).toBe(404);
    expect((await carol.get('/user/trends')).body.trends).toHaveLength(2);
  });

  it('refuses a page size over 50 and a page that is not a number', async () => {
    const big = await carol.get('/user/trends?per_page=10000');
    expect(big.status).toBe(400);
    expect(big.body.detail).toMatch(/per_page must be at most 50/);
    expect((await carol.get('/user/trends?page=abc')).status).toBe(400);
  });
});

describe('the list order from counts alone (decision 068)', () => {
  let dave: Client;
  beforeAll(async () => {
    dave = new Client(t.baseUrl);
    const daveId = (await registerAndLogin(dave)).user.id;
    // Glucose in three reports, the first printing it in both units; two tests the knowledge base
    // does not know, each in two reports, one renamed by its latest report.
    await reportWith(daveId, '2025-01-05', [
      ['zeta_marker', 'Zeta (old name)', 1, 'U/L', null, null, 'normal'],
      ['alpha_marker', 'Alpha Marker', 2, 'U/L', null, null, 'normal'],
      ['glucose_fasting', 'Glucose Fasting', 99, 'mg/dL', 70, 100, 'normal'],
      ['glucose_fasting', 'Glucose Fasting', 5.5, 'mmol/L', 3.9, 5.5, 'normal'],
    ]);
    await reportWith(daveId, '2025-02-05', [
      ['zeta_marker', 'Zeta Marker', 2, 'U/L', null, null, 'normal'],
      ['alpha_marker', 'Alpha Marker', 3, 'U/L', null, null, 'normal'],
      ['glucose_fasting', 'Glucose Fasting', 100, 'mg/dL', 70, 100, 'normal'],
    ]);
    await reportWith(daveId, '2025-03-05', [
      ['glucose_fasting', 'Glucose Fasting', 6, 'mmol/L', 3.9, 5.5, 'high'],
    ]);
  });

  it('counts a report printing two units once, and orders equal counts by the latest name', async () => {
    const res = await dave.get('/user/trends');
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(3);
    const rows = res.body.trends.map((x: { analyte: string; name: string; total_points: number }) => [
      x.analyte,
      x.total_points,
    ]);
    expect(rows).toEqual([
      ['glucose_fasting', 3],
      ['alpha_marker', 2],
      ['zeta_marker', 2],
    ]);
    expect(res.body.trends.slice(1).map((x: { name: string }) => x.name)).toEqual([
      'Alpha Marker',
      'Zeta Marker',
    ]);
    const glucose = res.body.trends[0];
    // The first report's point is its first printed value (99 mg/dL), not the second.
    expect(glucose.points[0].value).toBe(99);
    expect(glucose.points.map((p: { printed?: { value: number } }) => p.printed?.value)).toEqual([
      undefined,
      undefined,
      6,
    ]);
    const second = await dave.get('/user/trends?per_page=1&page=3');
    expect(second.body.trends.map((x: { name: string }) => x.name)).toEqual(['Zeta Marker']);
    const zeta = (await dave.get('/user/trends/zeta_marker')).body;
    expect(zeta.name).toBe('Zeta Marker');
    // A test the knowledge base does not know keeps its printed name on a Hindi page too.
    expect(zeta.name_hi).toBe('Zeta Marker');
  });
});
