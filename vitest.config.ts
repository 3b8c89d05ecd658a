import { defineConfig } from 'vitest/config';

// One runner, two projects (decision 259):
// - `unit`: tests beside the code. They share their workers' module state (`isolate: false`): a
//   file's imports (the engine, its knowledge base, the contracts) are evaluated once per worker
//   instead of once per file. A test that changes module state puts it back (configureAnalysis in
//   config.test.ts, shutdownAnalysis/shutdownOcr in afterAll), and none mocks a module.
// - `api`: the API tests (tests/api) over HTTP on a real database, each file in a fresh module
//   state: each builds the whole app, whose bootstrap sets process-wide things (the analysis
//   settings from its env, the job queue, metrics). The global setup starts the embedded PostgreSQL
//   once unless TEST_DATABASE_URL points at a server, and migrates one template database on it;
//   each API test file gets a copy of that template as its own database (tests/api/harness.ts,
//   decision 176).
// What both projects share. Not `extends: true`: a project inheriting the root's globalSetup would
// run it again (vitest runs the root's once, and provides its values to every project).
const shared = {
  exclude: ['**/node_modules/**', 'tests/e2e/**'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    globalSetup: ['tests/global-setup.ts'],
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: [
            'contracts/**/*.test.ts',
            'db/**/*.test.ts',
            'analysis/**/*.test.ts',
            'api/src/**/*.test.ts',
            'patient-app/app/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          isolate: false,
        },
      },
      { test: { ...shared, name: 'api', include: ['tests/api/**/*.test.ts'] } },
    ],
  },
});
