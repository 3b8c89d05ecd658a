import { defineConfig } from 'vitest/config';

// One runner for unit tests (beside the code) and API tests (tests/api) over HTTP on a real database.
// The global setup starts the embedded PostgreSQL once unless TEST_DATABASE_URL points at a server,
// and migrates one template database on it; each API test file then gets a copy of that template as
// its own database (tests/api/harness.ts, decision 176).
export default defineConfig({
  test: {
    include: [
      'contracts/**/*.test.ts',
      'db/**/*.test.ts',
      'analysis/**/*.test.ts',
      'api/src/**/*.test.ts',
      'patient-app/app/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
