import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimForProcessing, markFailed, recordStage } from '../../api/src/features/reports/reports.repo';
import { runAnalysis } from '../../api/src/features/reports/reports.service';
import { Client, createTestApp, fileForm, registerAndLogin, type TestApp } from './harness';

/**
 * Progress you can see (decision 246): the worker writes the engine's step on the report as the
 * real engine passes it, in order, clears it when the attempt ends, and the views show it only
 * while the report is being analysed. The steps written are caught by a trigger in this file's
 * own database, so every UPDATE the worker makes is seen, however fast the engine is.
 */
let t: TestApp;
let c: Client;

const labText = `City Lab\nHemoglobin 11.2 g/dL 13.0 - 17.0\nGlucose 132 mg/dL 70 - 100\nTSH 2.1 mIU/L 0.4 - 4.0\n`;

beforeAll(async () => {
  t = await createTestApp(); // no worker: the test runs the analysis itself
  c = new Client(t.baseUrl);
  await registerAndLogin(c);
  await sql`
    CREATE TABLE stage_log (n serial PRIMARY KEY, report_id int, stage text, status text);
    CREATE FUNCTION log_stage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO stage_log (report_id, stage, status) VALUES (NEW.id, NEW.analysis_stage, NEW.status);
      RETURN NEW;
    END $$;
    CREATE TRIGGER log_stage AFTER UPDATE OF analysis_stage ON reports
      FOR EACH ROW WHEN (NEW.analysis_stage IS DISTINCT FROM OLD.analysis_stage)
      EXECUTE FUNCTION log_stage();
  `.execute(t.db);
});
afterAll(() => t?.close());

async function upload(name: string, text: string): Promise<number> {
  const res = await c.request('POST', '/reports/upload', fileForm(name, text, 'text/plain'));
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function stagesOf(id: number) {
  const { rows } = await sql<{ stage: string | null; status: string }>`
    SELECT stage, status FROM stage_log WHERE report_id = ${id} ORDER BY n`.execute(t.db);
  return rows;
}

const stageColumn = async (id: number) =>
  (
    await t.db
      .selectFrom('reports')
      .select(['status', 'analysis_stage'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).analysis_stage;

describe('the worker records the engine’s steps', () => {
  it('a lab report passes reading, finding, checking, explaining in order, each written once while processing; the end clears it', async () => {
    const id = await upload('lab.txt', labText);
    expect(await runAnalysis(t.deps, id, { isLast: true })).toBe('completed');
    const log = await stagesOf(id);
    // Every step written while the report was processing, in the engine's order, and then the
    // completion's clearing (null) as the last change.
    expect(log.filter((r) => r.stage !== null)).toEqual(
      ['reading', 'finding', 'checking', 'explaining'].map((stage) => ({ stage, status: 'processing' })),
    );
    expect(log.at(-1)).toEqual({ stage: null, status: 'completed' });
    expect(await stageColumn(id)).toBeNull();
    const view = await c.get(`/reports/${id}`);
    expect(view.body.status).toBe('completed');
    expect(view.body.analysis_stage).toBeNull();
  });

  it('a cached copy of the same file completes without steps (nothing is read)', async () => {
    const id = await upload('lab-again.txt', labText);
    expect(await runAnalysis(t.deps, id, { isLast: true })).toBe('completed');
    expect((await c.get(`/reports/${id}`)).body.cache_hit).toBe(true);
    expect(await stagesOf(id)).toEqual([]);
  });

  it('a failure clears the step; a stale attempt cannot write one', async () => {
    const id = await upload('other.txt', `${labText}Sample B\n`);
    const first = await claimForProcessing(t.db, id);
    await recordStage(t.db, id, first!.attempts, 'finding');
    expect(await stageColumn(id)).toBe('finding');
    // A second claim (the job ran again elsewhere): the first attempt's late step is refused.
    const second = await claimForProcessing(t.db, id);
    expect(await stageColumn(id)).toBeNull();
    await recordStage(t.db, id, first!.attempts, 'explaining');
    expect(await stageColumn(id)).toBeNull();
    await recordStage(t.db, id, second!.attempts, 'checking');
    expect(await stageColumn(id)).toBe('checking');
    expect(await markFailed(t.db, id, second!.attempts, 'The file could not be read')).toBe(true);
    expect(await stageColumn(id)).toBeNull();
    // The column takes only the four steps.
    await expect(
      sql`UPDATE reports SET analysis_stage = 'thinking' WHERE id = ${id}`.execute(t.db),
    ).rejects.toThrow(/reports_analysis_stage_check/);
  });
});

describe('the views show the step while the report is analysed, and only then', () => {
  it("the user's report: the step while processing; none once it waits again or has ended", async () => {
    const id = await upload('shown.txt', `${labText}Sample C\n`);
    const claim = await claimForProcessing(t.db, id);
    await recordStage(t.db, id, claim!.attempts, 'checking');
    const running = await c.get(`/reports/${id}`);
    expect(running.status).toBe(200);
    expect(running.body).toMatchObject({ status: 'processing', analysis_stage: 'checking' });
    // A step left behind by a worker that died (status back to pending by hand) is not shown.
    await t.db.updateTable('reports').set({ status: 'pending' }).where('id', '=', id).execute();
    expect((await c.get(`/reports/${id}`)).body).toMatchObject({ status: 'pending', analysis_stage: null });
    // Another user does not learn the step either: the report is simply not found.
    const other = new Client(t.baseUrl);
    await registerAndLogin(other);
    expect((await other.get(`/reports/${id}`)).status).toBe(404);
  });

  it("a guest's report shows its step the same way", async () => {
    const guest = new Client(t.baseUrl);
    const session = await guest.request('POST', '/guest/session');
    expect(session.status).toBe(201);
    const sid = session.body.session_id as string;
    const up = await guest.request(
      'POST',
      `/guest/session/${sid}/upload`,
      fileForm('guest-lab.txt', `${labText}Guest\n`, 'text/plain'),
    );
    expect(up.status).toBe(201);
    const rid = up.body.report_id as number;
    const claim = await claimForProcessing(t.db, rid);
    await recordStage(t.db, rid, claim!.attempts, 'explaining');
    const path = `/guest/session/${sid}/reports/${rid}`;
    expect((await guest.get(path)).body).toMatchObject({
      status: 'processing',
      analysis_stage: 'explaining',
    });
    expect(await runAnalysis(t.deps, rid, { isLast: true })).toBe('completed');
    expect((await guest.get(path)).body).toMatchObject({ status: 'completed', analysis_stage: null });
    const listed = await guest.get(`/guest/session/${sid}/reports`);
    expect(listed.body.reports[0]).toMatchObject({ id: rid, analysis_stage: null });
  });
});
