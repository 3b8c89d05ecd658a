import { afterAll, beforeAll, expect, it } from 'vitest';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';
import { createJobQueue, QUEUES } from '../../api/src/jobs/queue';
import { startWorker } from '../../api/src/jobs/worker';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';

// No worker at first: the upload is queued, then "a worker" takes the job and dies with it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANALYSIS_TIMEOUT_SECONDS: '5' });
});
afterAll(async () => {
  await t?.close();
});

it('a job whose worker crashed mid-analysis is picked up again and completes', async () => {
  const c = new Client(t.baseUrl);
  await registerAndLogin(c);
  const up = await c.request(
    'POST',
    '/reports/upload',
    fileForm('r.txt', sampleText('bloodCount'), 'text/plain'),
  );
  expect(up.status).toBe(201);

  // The crashed worker: it fetched the job (now active) and marked the report processing, then vanished.
  const crashed = await createJobQueue(t.databaseUrl, t.deps.logger, {
    analysisTimeoutSeconds: 5,
    supervise: false,
  });
  const [job] = await crashed.boss.fetch(QUEUES.analyzeReport);
  expect(job?.data).toEqual({ reportId: up.body.id });
  await t.db
    .updateTable('reports')
    .set({ status: 'processing', processing_started_at: new Date() })
    .where('id', '=', up.body.id)
    .execute();
  await crashed.boss.stop({ graceful: false, wait: false });

  // A restarted worker process: maintenance finds the expired job and retries it.
  const restarted = await createJobQueue(t.databaseUrl, t.deps.logger, {
    analysisTimeoutSeconds: 5,
    supervise: true,
    maintenanceIntervalSeconds: 1,
  });
  try {
    await startWorker({ ...t.deps, jobs: restarted });
    const done = await waitForReport(c, `/reports/${up.body.id}`, 60_000);
    expect(done.body.status).toBe('completed');
    expect(done.body.values.length).toBeGreaterThan(0);
  } finally {
    await restarted.stop();
  }
}, 90_000);
