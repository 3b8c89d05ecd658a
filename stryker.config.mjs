// Mutation testing (npm run test:mutation): Stryker changes the code where a silent mistake hurts
// most and checks that some test fails each time. Not part of npm test (it is slow).
// MUTATE=path,path narrows the run to some modules. Figures and surviving mutants: docs/decisions/032.
const MODULES = [
  // Request edge: list paging/sort/search rules and the NUL-byte rule.
  'api/src/http/list-query.ts',
  'api/src/http/nul-bytes.ts',
  // Auth guards and the CSRF double-submit check.
  'api/src/http/actor.ts',
  // Guest daily limits.
  'api/src/features/guest/guest.service.ts',
  // Flags, critical limits, ranges and units.
  'api/src/analysis/interpret/flags.ts',
  'api/src/analysis/parse/ranges.ts',
  'api/src/analysis/parse/units.ts',
];

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: true },
  mutate: process.env.MUTATE ? process.env.MUTATE.split(',') : MODULES,
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  concurrency: 2,
  timeoutMS: 60_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // Module-level code (schemas built at import) would rerun every test per mutant; its mistakes
  // show in every test anyway.
  ignoreStatic: true,
};
