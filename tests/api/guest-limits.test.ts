import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../api/src/kernel/errors';
import { recordUsage } from '../../api/src/features/guest/guest.repo';
import {
  assertCanAnalyze,
  assertCanUpload,
  createGuestSession,
  deleteExpiredGuestData,
  nextIndianMidnight,
  rateLimits,
  toGuestReport,
} from '../../api/src/features/guest/guest.service';
import { invalidateSettingsCache } from '../../api/src/platform/settings/settings.service';
import { createTestApp, type TestApp } from './harness';

/**
 * The guest analyzer's allowances and clean-up (guest.service.ts and the usage count of
 * guest.repo.ts) on the real database: the daily limits come from the settings, usage is counted
 * per session and per IP (the larger wins) over the Indian calendar day, and expired guest data
 * goes with its files. Mutation testing (decision 032) runs this file.
 */
let t: TestApp;

// Everything sits in one describe so a failing beforeAll fails its tests: Stryker's vitest
// runner counts tests skipped by a failing file-level hook as skipped, and the mutant as survived.
describe('guest limits', () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function setSetting(key: string, value: string): Promise<void> {
    await t.db.updateTable('system_settings').set({ value }).where('key', '=', key).execute();
    invalidateSettingsCache(t.db);
  }

  async function session(ip: string | null = null) {
    return createGuestSession(t.deps, { ip, userAgent: 'test' });
  }

  async function use(sessionId: string, ip: string | null, kind: 'upload' | 'analysis', times = 1) {
    for (let i = 0; i < times; i++)
      await recordUsage(t.db, { guest_session_id: sessionId, ip_address: ip, kind, report_id: null });
  }

  async function insertGuestReport(sessionId: string, over: Record<string, unknown> = {}) {
    return t.db
      .insertInto('reports')
      .values({
        guest_session_id: sessionId,
        filename: 'g.txt',
        original_filename: 'g.txt',
        file_type: 'txt',
        mime_type: 'text/plain',
        file_size: 12,
        content_hash: randomUUID(),
        ...over,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  describe('guest sessions', () => {
    it('last the configured number of hours and keep a bounded user agent', async () => {
      await setSetting('guest_session_hours', '5');
      const before = Date.now();
      const s = await createGuestSession(t.deps, { ip: '10.0.0.1', userAgent: 'u'.repeat(600) });
      const after = Date.now();
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(s.ip_address).toBe('10.0.0.1');
      expect(s.user_agent).toBe('u'.repeat(500));
      const expires = s.expires_at.getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 5 * 3_600_000 - 1000);
      expect(expires).toBeLessThanOrEqual(after + 5 * 3_600_000 + 1000);
      expect((await createGuestSession(t.deps, { ip: null, userAgent: null })).user_agent).toBeNull();
      await setSetting('guest_session_hours', '48');
    });
  });

  describe('daily allowances', () => {
    beforeEach(async () => {
      await setSetting('guest_daily_uploads', '3');
      await setSetting('guest_daily_analyses', '2');
    });

    it('start full, from the settings', async () => {
      const s = await session('10.1.0.1');
      const limits = await rateLimits(t.deps, s.id, '10.1.0.1');
      expect(limits).toEqual({
        can_upload: true,
        can_analyze: true,
        uploads_remaining: 3,
        analyses_remaining: 2,
        uploads_limit: 3,
        analyses_limit: 2,
        resets_at: nextIndianMidnight(new Date()),
      });
    });

    it('reset at the next midnight in India (18:30 UTC), which the page shows at the limit', () => {
      expect(nextIndianMidnight(new Date('2026-11-27T10:00:00Z'))).toBe('2026-11-27T18:30:00.000Z');
      // Past 18:30 UTC it is already the next Indian day: the reset is a day later.
      expect(nextIndianMidnight(new Date('2026-11-27T19:00:00Z'))).toBe('2026-11-28T18:30:00.000Z');
      expect(nextIndianMidnight(new Date('2026-11-27T18:30:00Z'))).toBe('2026-11-28T18:30:00.000Z');
    });

    it('count uploads and analyses apart, down to zero and never below', async () => {
      const ip = '10.1.0.2';
      const s = await session(ip);
      await use(s.id, ip, 'upload', 2);
      await use(s.id, ip, 'analysis', 1);
      expect(await rateLimits(t.deps, s.id, ip)).toMatchObject({
        can_upload: true,
        can_analyze: true,
        uploads_remaining: 1,
        analyses_remaining: 1,
      });
      await use(s.id, ip, 'upload', 1);
      await use(s.id, ip, 'analysis', 1);
      const atLimit = await rateLimits(t.deps, s.id, ip);
      expect(atLimit).toMatchObject({
        can_upload: false,
        can_analyze: false,
        uploads_remaining: 0,
        analyses_remaining: 0,
      });
      await use(s.id, ip, 'upload', 2);
      await use(s.id, ip, 'analysis', 2);
      expect(await rateLimits(t.deps, s.id, ip)).toMatchObject({
        uploads_remaining: 0,
        analyses_remaining: 0,
      });
    });

    it("count a session's use from any address, and an address's use from any session", async () => {
      const s = await session('10.1.0.3');
      await use(s.id, '10.9.9.9', 'upload', 2);
      expect((await rateLimits(t.deps, s.id, '10.1.0.3')).uploads_remaining).toBe(1);
      // A new session on the same address starts with what the address has left.
      const other = await session('10.1.0.4');
      await use(other.id, '10.1.0.4', 'upload', 3);
      const fresh = await session('10.1.0.4');
      expect(await rateLimits(t.deps, fresh.id, '10.1.0.4')).toMatchObject({
        can_upload: false,
        uploads_remaining: 0,
      });
      // The larger of the two counts wins, not their sum.
      await use(fresh.id, '10.7.7.7', 'analysis', 1);
      await use(other.id, '10.1.0.4', 'analysis', 1);
      expect((await rateLimits(t.deps, fresh.id, '10.1.0.4')).analyses_remaining).toBe(1);
    });

    it('do not pool every guest without an address', async () => {
      const a = await session(null);
      await use(a.id, null, 'upload', 3);
      const b = await session(null);
      expect((await rateLimits(t.deps, b.id, null)).uploads_remaining).toBe(3);
      expect((await rateLimits(t.deps, a.id, null)).uploads_remaining).toBe(0);
    });

    it('count only today in India: use before the last midnight IST is forgotten', async () => {
      const ip = '10.1.0.5';
      const s = await session(ip);
      await use(s.id, ip, 'upload', 3);
      await t.db
        .updateTable('guest_usage')
        .set({
          created_at: sql<Date>`(date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata') - interval '1 second'`,
        })
        .where('guest_session_id', '=', s.id)
        .execute();
      expect((await rateLimits(t.deps, s.id, ip)).uploads_remaining).toBe(3);
      await use(s.id, ip, 'upload', 1);
      await t.db
        .updateTable('guest_usage')
        .set({
          created_at: sql<Date>`(date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')`,
        })
        .where('guest_session_id', '=', s.id)
        .where('created_at', '>', sql<Date>`now() - interval '1 minute'`)
        .execute();
      expect((await rateLimits(t.deps, s.id, ip)).uploads_remaining).toBe(2);
    });

    it('refuse at the limit with 429 and the message the guest page shows', async () => {
      const s = await session('10.1.0.6');
      const limits = await rateLimits(t.deps, s.id, '10.1.0.6');
      expect(() => assertCanUpload(limits)).not.toThrow();
      expect(() => assertCanAnalyze(limits)).not.toThrow();
      await use(s.id, '10.1.0.6', 'upload', 3);
      await use(s.id, '10.1.0.6', 'analysis', 2);
      const spent = await rateLimits(t.deps, s.id, '10.1.0.6');
      const refusal = (f: () => void) => {
        try {
          f();
        } catch (e) {
          return e as AppError;
        }
        throw new Error('not refused');
      };
      expect(refusal(() => assertCanUpload(spent))).toMatchObject({
        status: 429,
        detail: 'Upload limit reached. You can upload 0 more files today.',
      });
      expect(refusal(() => assertCanAnalyze(spent))).toMatchObject({
        status: 429,
        detail: 'Analysis limit reached. You can analyze 0 more reports today.',
      });
      expect(() => assertCanAnalyze({ ...spent, can_analyze: true })).not.toThrow();
      expect(() => assertCanUpload({ ...spent, can_upload: true })).not.toThrow();
    });
  });

  describe("a guest's report", () => {
    it('shows its analysis and values, with empty lists for none', async () => {
      const s = await session();
      const done = await insertGuestReport(s.id, {
        status: 'completed',
        summary: 'All good',
        key_findings: JSON.stringify(['Hb normal']),
        recommendations: JSON.stringify(['Keep going']),
        confidence_score: 0.9,
        report_type: 'blood_test',
        processing_completed_at: new Date('2026-01-02T03:04:05Z'),
        created_at: new Date('2026-01-02T03:00:00Z'),
      });
      await t.db
        .insertInto('report_values')
        .values({
          report_id: done.id,
          position: 0,
          canonical_id: 'hemoglobin',
          name: 'Haemoglobin',
          value_numeric: 14,
          unit: 'g/dL',
          ref_low: 13,
          ref_high: 17,
          ref_text: '13 - 17',
          flag: 'normal',
        })
        .execute();
      const values = await t.db
        .selectFrom('report_values')
        .selectAll()
        .where('report_id', '=', done.id)
        .execute();
      expect(toGuestReport(done, values)).toMatchObject({
        id: done.id,
        original_filename: 'g.txt',
        status: 'completed',
        summary: 'All good',
        key_findings: ['Hb normal'],
        recommendations: ['Keep going'],
        confidence_score: 0.9,
        report_type: 'blood_test',
        file_size: 12,
        error_message: null,
        created_at: '2026-01-02T03:00:00.000Z',
        completed_at: '2026-01-02T03:04:05.000Z',
        values: [{ canonical_id: 'hemoglobin', value: 14, unit: 'g/dL', flag: 'normal' }],
      });
      const pending = await insertGuestReport(s.id);
      expect(
        toGuestReport({ ...pending, key_findings: null, recommendations: null } as never, []),
      ).toMatchObject({
        status: 'pending',
        key_findings: [],
        recommendations: [],
        completed_at: null,
        values: [],
      });
    });
  });

  describe('clean-up of expired guest data', () => {
    async function storedFile(name: string): Promise<string> {
      const tmp = path.join(t.deps.storage.tempDir, `${name}-${randomUUID()}`);
      await writeFile(tmp, 'file body');
      const key = `guest_${name}_${randomUUID()}`;
      await t.deps.storage.putFile(key, tmp);
      return key;
    }

    it('deletes guest reports older than the retention with their files, and expired empty sessions', async () => {
      await setSetting('guest_report_retention_hours', '10');
      await t.db.deleteFrom('reports').execute(); // the earlier tests' reports are old too
      const s = await session();
      const oldKey = await storedFile('old');
      const youngKey = await storedFile('young');
      const old = await insertGuestReport(s.id, {
        storage_key: oldKey,
        created_at: new Date(Date.now() - 11 * 3_600_000),
      });
      const young = await insertGuestReport(s.id, {
        storage_key: youngKey,
        created_at: new Date(Date.now() - 9 * 3_600_000),
      });
      const expiredEmpty = await session();
      await t.db
        .updateTable('guest_sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', expiredEmpty.id)
        .execute();

      const result = await deleteExpiredGuestData(t.deps);
      expect(result.reports).toBe(1);
      expect(result.sessions).toBeGreaterThanOrEqual(1);
      const left = await t.db
        .selectFrom('reports')
        .select('id')
        .where('guest_session_id', '=', s.id)
        .execute();
      expect(left.map((r) => r.id)).toEqual([young.id]);
      expect(left.map((r) => r.id)).not.toContain(old.id);
      await expect(t.deps.storage.get(oldKey)).rejects.toThrow();
      expect((await t.deps.storage.get(youngKey)).toString()).toBe('file body');
      const pendingDeletions = await t.db.selectFrom('file_deletions').select('storage_key').execute();
      expect(pendingDeletions.map((r) => r.storage_key)).not.toContain(oldKey);
      const sessions = await t.db.selectFrom('guest_sessions').select('id').execute();
      expect(sessions.map((r) => r.id)).not.toContain(expiredEmpty.id);
      expect(sessions.map((r) => r.id)).toContain(s.id);

      // Nothing old left: a second run deletes nothing.
      expect((await deleteExpiredGuestData(t.deps)).reports).toBe(0);
      await setSetting('guest_report_retention_hours', '48');
    });
  });
});
