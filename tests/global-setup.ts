import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@reportsaathi/db';
import { createTemplateDatabase } from './test-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    serverDbUrl: string;
    /** The run's migrated template database, copied for each API test file (tests/test-databases.ts). */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL server for the whole run: the machine's when TEST_DATABASE_URL is set,
 * else an embedded one in a temporary folder. On it, one migrated template database
 * (decision 176); test files create their own databases as copies of it.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  let stopServer = async () => {};
  let serverUrl = external ?? '';
  if (!external) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rs-test-pg-'));
    await chmod(dir, 0o755);
    const server = await startEmbeddedPostgres(dir, { database: 'postgres' });
    serverUrl = server.url;
    stopServer = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const template = await createTemplateDatabase(serverUrl).catch(async (err: unknown) => {
    await stopServer();
    throw err;
  });
  project.provide('serverDbUrl', serverUrl);
  project.provide('templateDatabase', template.name);
  return async () => {
    await template.drop();
    await stopServer();
  };
}
