// Mutation testing (npm run test:mutation): Stryker changes the code where a silent mistake hurts
// most and checks that some test fails each time. Not part of npm test (it is slow).
// MUTATE=path,path narrows the run to some modules (a module's key below, with or without its
// line range). Figures and surviving mutants: docs/decisions/032.
//
// Each module names the test files that must kill its mutants: its own unit tests, or the API
// tests of the rule it enforces. Only those run (Stryker's testFiles), and within them only the
// tests that reach the mutant (perTest coverage), so a run never walks the whole API suite.
const MODULES = {
  // Request edge: list paging/sort/search rules and the NUL-byte rule.
  'api/src/http/list-query.ts': ['api/src/http/list-query.test.ts'],
  'api/src/http/nul-bytes.ts': ['api/src/http/nul-bytes.test.ts'],
  // Auth guards (user, admin, permissions) and the CSRF double-submit check.
  'api/src/http/actor.ts': ['tests/api/access-guards.test.ts'],
  // The route table's request pipeline: NUL guard, actor, params 404, validation, status.
  'api/src/http/route-table.ts': ['tests/api/access-guards.test.ts'],
  // Guest daily limits: the allowance arithmetic and the per-session / per-IP count.
  'api/src/features/guest/guest.service.ts': ['tests/api/guest-limits.test.ts'],
  'api/src/features/guest/guest.repo.ts:24-45': ['tests/api/guest-limits.test.ts'],
  // Ownership filters of the user-scoped repos (the owner is in the SQL).
  'api/src/features/reports/reports.repo.ts:15-60': ['tests/api/ownership-filters.test.ts'],
  'api/src/features/chats/chats.repo.ts:23-42': ['tests/api/ownership-filters.test.ts'],
  // Flags, critical limits, ranges and units.
  'analysis/src/interpret/flags.ts': ['analysis/src/interpret/flags.test.ts'],
  'analysis/src/parse/ranges.ts': ['analysis/src/parse/ranges.test.ts'],
  'analysis/src/parse/units.ts': ['analysis/src/parse/units.test.ts'],
};

const fileOf = (m) => m.replace(/:\d+-\d+$/, '');
const selected = process.env.MUTATE
  ? process.env.MUTATE.split(',').map((m) => Object.keys(MODULES).find((k) => fileOf(k) === fileOf(m)) ?? m)
  : Object.keys(MODULES);
const unknown = selected.filter((m) => !MODULES[m]);
if (unknown.length)
  throw new Error(`MUTATE names modules without test files in stryker.config.mjs: ${unknown}`);

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: true },
  mutate: selected,
  testFiles: [...new Set(selected.flatMap((m) => MODULES[m]))],
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  // The machine has two cores; STRYKER_CONCURRENCY (or --concurrency) raises or lowers it.
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  timeoutMS: 60_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // Module-level code (schemas built at import) would rerun every test per mutant; its mistakes
  // show in every test anyway.
  ignoreStatic: true,
};
