import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  oneWalkIsCheaper,
  seriesEndsInOneWalk,
  seriesEndsPerAnalyte,
} from '../../api/src/features/trends/trends.repo';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * The two ways of reading a trend's ends (trends.repo.ts) answer the same rows: the latest `cap`
 * points newest first and the very first, one per report (its first printed value in an accepted
 * unit), only the owner's analysed reports, reports of one day in upload order.
 */
let t: TestApp;
let aliceId = 0;
let bobId = 0;
let n = 0;

async function report(
  userId: number,
  day: string,
  values: Array<[string, number, string]>,
  status = 'completed',
) {
  n++;
  const r = await t.db
    .insertInto('reports')
    .values({
      user_id: userId,
      filename: 'k',
      original_filename: `lab_${n}.pdf`,
      file_type: 'pdf',
      mime_type: 'application/pdf',
      file_size: 1000,
      content_hash: `walk${n}`,
      status: status as 'completed',
      // Upload order inside a day: the minute.
      created_at: new Date(`${day}T09:${String(n % 60).padStart(2, '0')}:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('report_values')
    .values(
      values.map(([id, value, unit], i) => ({
        report_id: r.id,
        position: i,
        canonical_id: id,
        name: id.toUpperCase(),
        value_numeric: value,
        unit,
        ref_low: 1,
        ref_high: 10,
        ref_text: '',
        flag: 'normal' as const,
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  const alice = new Client(t.baseUrl);
  const bob = new Client(t.baseUrl);
  aliceId = (await registerAndLogin(alice)).user.id;
  bobId = (await registerAndLogin(bob)).user.id;
  for (let i = 0; i < 9; i++) {
    const day = `2026-0${1 + (i % 3)}-1${i % 2}`; // several reports on one day
    await report(aliceId, day, [
      ['hba1c', 5 + i / 10, '%'],
      // A second value of the same test later in the report: not the point.
      ['hba1c', 99, '%'],
      ['glucose_fasting', 90 + i, i % 2 ? 'mg/dL' : 'mmol/L'],
      ...(i % 4 === 0 ? ([['tsh', 2 + i, 'mIU/L']] as Array<[string, number, string]>) : []),
    ]);
  }
  await report(aliceId, '2026-05-01', [['hba1c', 50, '%']], 'processing');
  await report(bobId, '2026-06-01', [['hba1c', 60, '%']]);
});
afterAll(async () => {
  await t?.close();
});

describe('a trend read in one walk or a walk per analyte', () => {
  const accepted = [
    { canonical_id: 'hba1c', unit: '%' },
    { canonical_id: 'glucose_fasting', unit: 'mg/dL' },
    { canonical_id: 'glucose_fasting', unit: 'mmol/L' },
    { canonical_id: 'tsh', unit: 'mIU/L' },
  ];
  for (const cap of [1, 2, 4, 24]) {
    it(`answers the same rows, in the same order (cap ${cap})`, async () => {
      const each = await seriesEndsPerAnalyte(t.db, aliceId, accepted, cap);
      const once = await seriesEndsInOneWalk(t.db, aliceId, accepted, cap);
      const byAnalyte = (rows: typeof each) =>
        Object.fromEntries(
          ['hba1c', 'glucose_fasting', 'tsh'].map((id) => [
            id,
            rows.filter((r) => r.canonical_id === id).map((r) => ({ ...r })),
          ]),
        );
      expect(byAnalyte(once)).toEqual(byAnalyte(each));
      expect(each.filter((r) => r.canonical_id === 'hba1c' && r.side === 'latest')).toHaveLength(
        Math.min(cap, 9),
      );
      // Not the second value of a report, not a report in progress, not another user's.
      const hba1c = each.filter((r) => r.canonical_id === 'hba1c').map((r) => r.value_numeric);
      expect(hba1c.filter((v) => v >= 10)).toEqual([]);
    });
  }
  it('only units asked for', async () => {
    const rows = await seriesEndsInOneWalk(
      t.db,
      aliceId,
      [{ canonical_id: 'glucose_fasting', unit: 'mg/dL' }],
      24,
    );
    expect(rows.filter((r) => r.side === 'latest').map((r) => r.unit)).toEqual(Array(4).fill('mg/dL'));
  });
});

describe('which walk reads less', () => {
  it('one walk for a page of short series, a walk each for long ones', () => {
    expect(oneWalkIsCheaper([12, 15, 18, 11, 11, 11, 10, 10, 9, 9], 24)).toBe(true);
    expect(oneWalkIsCheaper([3334, 3333, 3333, 2500, 2500, 2000, 1000, 1000, 1000, 1000], 24)).toBe(false);
    // One analyte alone: its own walk never reads more than one walk of everything.
    expect(oneWalkIsCheaper([5], 24)).toBe(false);
    expect(oneWalkIsCheaper([5000], 24)).toBe(false);
  });
});
