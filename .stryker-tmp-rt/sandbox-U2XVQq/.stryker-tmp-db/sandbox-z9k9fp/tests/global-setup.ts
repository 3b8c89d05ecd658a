// @ts-nocheck
// 
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@reportsaathi/db';

declare module 'vitest' {
  export interface ProvidedContext {
    serverDbUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run: the machine's when TEST_DATABASE_URL is set,
 * else an embedded one in a temporary folder. Test files create their own databases on it.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('serverDbUrl', external);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rs-test-pg-'));
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres(dir, { database: 'postgres' });
  project.provide('serverDbUrl', server.url);
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
