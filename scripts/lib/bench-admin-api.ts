import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '@reportsaathi/db';
import { createApp } from '../../api/src/app';
import type { AppDeps } from '../../api/src/context';
import { readEnv } from '../../api/src/env';
import { createJobQueue } from '../../api/src/jobs/queue';
import { createLogger } from '../../api/src/logger';
import { DiskStorage } from '../../api/src/storage/disk-storage';
import { createMailer } from '../../api/src/platform/mail/mailer';

/**
 * The API alone in a process of its own, for `npm run bench:admin`: the bench reads this
 * process's memory and CPU from /proc, so the figures are the API's and not the bench client's.
 * BENCH_DB_URL names the (migrated, seeded) database; the port is printed as one JSON line.
 */
async function main() {
  const url = process.env.BENCH_DB_URL;
  if (!url) throw new Error('BENCH_DB_URL is required');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-bench-admin-api-'));
  const handle = connectDatabase(url, { max: 10 });
  const logger = createLogger('silent');
  const env = readEnv({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const jobs = await createJobQueue(url, logger, { analysisTimeoutSeconds: 60, supervise: false });
  const deps: AppDeps = {
    db: handle.db,
    env,
    logger,
    jwtSecret: randomBytes(32).toString('hex'),
    startedAt: new Date(),
    mailer: createMailer(env, logger),
    storage: new DiskStorage(path.join(dataDir, 'uploads')),
    jobs,
  };
  const server = http.createServer(createApp(deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
  const stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await jobs.stop();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
