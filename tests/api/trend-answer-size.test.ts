import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * The trends answer carries what the trends page draws and lists, nothing more (decision 260,
 * amended): a page holds up to 240 points, so one field per point nobody shows is kilobytes on
 * every request. A field added to a point, or an always-sent optional one, fails here.
 */
let t: TestApp;
let erin: Client;

const DRAWN = ['date', 'date_source', 'out_of_range', 'ref_high', 'ref_low', 'report_id', 'value'];

beforeAll(async () => {
  t = await createTestApp();
  erin = new Client(t.baseUrl);
  const userId = (await registerAndLogin(erin)).user.id;
  // 30 reports (more than the 24 a chart draws): glucose printed in mmol/L in every third one.
  for (let i = 0; i < 30; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + i * 30 * 86_400_000).toISOString().slice(0, 10);
    const r = await t.db
      .insertInto('reports')
      .values({
        user_id: userId,
        filename: 'k',
        original_filename: `lab_${day}.pdf`,
        file_type: 'pdf',
        mime_type: 'application/pdf',
        file_size: 1000,
        content_hash: `size${day}`,
        status: 'completed',
        created_at: new Date(`${day}T09:00:00Z`),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mmol = i % 3 === 0;
    await t.db
      .insertInto('report_values')
      .values([
        {
          report_id: r.id,
          position: 0,
          canonical_id: 'hba1c',
          name: 'HbA1c',
          value_numeric: 6 + (i % 5) / 10,
          unit: '%',
          ref_low: 4,
          ref_high: 5.6,
          ref_text: '',
          flag: 'high',
        },
        {
          report_id: r.id,
          position: 1,
          canonical_id: 'glucose_fasting',
          name: 'Glucose Fasting',
          value_numeric: mmol ? 5.8 : 104,
          unit: mmol ? 'mmol/L' : 'mg/dL',
          ref_low: mmol ? 3.9 : 70,
          ref_high: mmol ? 5.5 : 100,
          ref_text: '',
          flag: 'high',
        },
      ])
      .execute();
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the trends answer', () => {
  it('sends per point only what the chart draws, and the printed value only when it was converted', async () => {
    const res = await erin.get('/user/trends');
    expect(res.status).toBe(200);
    expect(res.body.trends).toHaveLength(2);
    for (const trend of res.body.trends) {
      expect(Object.keys(trend).sort()).toEqual([
        'analyte',
        'name',
        'name_hi',
        'points',
        'sentence',
        'total_points',
        'unit',
      ]);
      expect(trend.points).toHaveLength(24);
      for (const p of trend.points) {
        const keys = Object.keys(p).sort();
        if (p.printed) {
          expect(p.printed.unit).not.toBe(trend.unit);
          expect(keys).toEqual([...DRAWN, 'printed'].sort());
        } else expect(keys).toEqual(DRAWN);
      }
    }
    const glucose = res.body.trends.find((x: { analyte: string }) => x.analyte === 'glucose_fasting');
    expect(glucose.points.filter((p: { printed?: unknown }) => p.printed)).toHaveLength(8);
    // About 110 bytes of JSON a point; before this bound every point was about 250.
    const perPoint = JSON.stringify(res.body.trends.map((x: { points: unknown[] }) => x.points)).length / 48;
    expect(perPoint).toBeLessThan(130);
  });
});
