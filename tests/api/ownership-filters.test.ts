import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserChat, listReportChats } from '../../api/src/features/chats/chats.repo';
import {
  findUserReport,
  listUserReports,
  pageUserReports,
} from '../../api/src/features/reports/reports.repo';
import { createTestApp, type TestApp } from './harness';

/**
 * The owner filters of the user-scoped repos, called directly on the real database: each read
 * answers the caller's live rows only, never another user's, a guest's or a deleted one, in the
 * documented order. Mutation testing (decision 032) runs this file.
 */
let t: TestApp;
const ids = { alice: 0, bob: 0 };
/** Alice's reports by name; the rest belong to Bob or a guest, or are deleted. */
const r: Record<string, number> = {};
const chat: Record<string, number> = {};

async function user(name: string): Promise<number> {
  const row = await t.db
    .insertInto('users')
    .values({ email: `${name}-${randomUUID()}@example.com`, password_hash: 'x', full_name: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function report(
  owner: number | null,
  over: {
    status?: 'pending' | 'processing' | 'completed' | 'failed' | 'deleted';
    deleted_at?: Date;
    created_at: Date;
  },
  guestSession: string | null = null,
): Promise<number> {
  const row = await t.db
    .insertInto('reports')
    .values({
      user_id: owner,
      guest_session_id: guestSession,
      filename: 'f.txt',
      original_filename: 'f.txt',
      file_type: 'txt',
      mime_type: 'text/plain',
      file_size: 1,
      content_hash: randomUUID(),
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addChat(owner: number, reportId: number, created_at: Date): Promise<number> {
  const row = await t.db
    .insertInto('chats')
    .values({ user_id: owner, report_id: reportId, message: 'q', response: 'a', created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const day = (d: number) => new Date(Date.UTC(2026, 0, d));

// Everything sits in one describe so a failing beforeAll fails its tests: Stryker's vitest
// runner counts tests skipped by a failing file-level hook as skipped, and the mutant as survived.
describe('owner filters', () => {
  beforeAll(async () => {
    t = await createTestApp();
    ids.alice = await user('alice');
    ids.bob = await user('bob');
    // Alice: three live reports (two created at the same moment), one deleted each way.
    r.old = await report(ids.alice, { status: 'completed', created_at: day(1) });
    r.twinA = await report(ids.alice, { status: 'failed', created_at: day(2) });
    r.twinB = await report(ids.alice, { status: 'pending', created_at: day(2) });
    r.new = await report(ids.alice, { status: 'completed', created_at: day(3) });
    r.statusDeleted = await report(ids.alice, { status: 'deleted', created_at: day(4) });
    r.softDeleted = await report(ids.alice, { status: 'completed', deleted_at: day(5), created_at: day(5) });
    r.bobs = await report(ids.bob, { status: 'completed', created_at: day(6) });
    const guest = await t.db
      .insertInto('guest_sessions')
      .values({ id: randomUUID(), expires_at: new Date(Date.now() + 3_600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    r.guest = await report(null, { status: 'completed', created_at: day(7) }, guest.id);
    // Chats: Alice's two about her report (out of id order in time), Bob's about his own and about hers.
    chat.later = await addChat(ids.alice, r.new, day(11));
    chat.earlier = await addChat(ids.alice, r.new, day(10));
    chat.sameTime = await addChat(ids.alice, r.new, day(11));
    chat.onOld = await addChat(ids.alice, r.old, day(12));
    chat.bobsOwn = await addChat(ids.bob, r.bobs, day(13));
    chat.bobOnAlices = await addChat(ids.bob, r.new, day(14));
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('reports repo', () => {
    it("finds a user's live report and nobody else's, nor a deleted one", async () => {
      expect((await findUserReport(t.db, ids.alice, r.new))?.id).toBe(r.new);
      expect((await findUserReport(t.db, ids.alice, r.twinB))?.status).toBe('pending');
      for (const other of [r.bobs, r.guest, r.statusDeleted, r.softDeleted, 987654]) {
        expect(await findUserReport(t.db, ids.alice, other), String(other)).toBeUndefined();
      }
      expect(await findUserReport(t.db, ids.bob, r.new)).toBeUndefined();
    });

    it("lists exactly the user's live reports, newest first, the later id first on a tie", async () => {
      const list = await listUserReports(t.db, ids.alice);
      expect(list.map((x) => x.id)).toEqual([r.new, r.twinB, r.twinA, r.old]);
      expect(list.every((x) => x.user_id === ids.alice)).toBe(true);
      expect((await listUserReports(t.db, ids.bob)).map((x) => x.id)).toEqual([r.bobs]);
    });

    it('pages the same list with its total, optionally of some statuses', async () => {
      const first = await pageUserReports(t.db, ids.alice, { limit: 2, offset: 0 });
      expect(first.rows.map((x) => x.id)).toEqual([r.new, r.twinB]);
      expect(first.total).toBe(4);
      const second = await pageUserReports(t.db, ids.alice, { limit: 2, offset: 2 });
      expect(second.rows.map((x) => x.id)).toEqual([r.twinA, r.old]);
      expect(second.total).toBe(4);
      const done = await pageUserReports(t.db, ids.alice, { limit: 10, offset: 0, statuses: ['completed'] });
      expect(done.rows.map((x) => x.id)).toEqual([r.new, r.old]);
      expect(done.total).toBe(2);
      const two = await pageUserReports(t.db, ids.alice, {
        limit: 10,
        offset: 0,
        statuses: ['failed', 'pending'],
      });
      expect(two.rows.map((x) => x.id)).toEqual([r.twinB, r.twinA]);
      const none = await pageUserReports(t.db, ids.alice, { limit: 10, offset: 0, statuses: [] });
      expect(none.total).toBe(4);
      // 'deleted' asked for by name is still not shown.
      const deleted = await pageUserReports(t.db, ids.alice, { limit: 10, offset: 0, statuses: ['deleted'] });
      expect([deleted.rows, deleted.total]).toEqual([[], 0]);
      const bob = await pageUserReports(t.db, ids.bob, { limit: 10, offset: 0 });
      expect([bob.rows.map((x) => x.id), bob.total]).toEqual([[r.bobs], 1]);
    });
  });

  describe('chats repo', () => {
    it("lists the user's own chats about one report, oldest first, in id order on a tie", async () => {
      const list = await listReportChats(t.db, ids.alice, r.new);
      expect(list.map((c) => c.id)).toEqual([chat.earlier, chat.later, chat.sameTime]);
      expect((await listReportChats(t.db, ids.bob, r.new)).map((c) => c.id)).toEqual([chat.bobOnAlices]);
      expect((await listReportChats(t.db, ids.alice, r.old)).map((c) => c.id)).toEqual([chat.onOld]);
      expect(await listReportChats(t.db, ids.alice, r.bobs)).toEqual([]);
    });

    it("finds the user's own chat and not another user's", async () => {
      expect((await findUserChat(t.db, ids.alice, chat.later))?.id).toBe(chat.later);
      expect(await findUserChat(t.db, ids.alice, chat.bobsOwn)).toBeUndefined();
      expect(await findUserChat(t.db, ids.alice, chat.bobOnAlices)).toBeUndefined();
      expect((await findUserChat(t.db, ids.bob, chat.bobOnAlices))?.id).toBe(chat.bobOnAlices);
    });
  });
});
