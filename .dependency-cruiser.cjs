/**
 * Who may import whom (docs/decisions/123-layers-and-the-import-rule.md), checked by
 * `npm run lint:imports` (part of `npm run lint`). Inside the API, lower layers never import
 * higher ones:
 *
 *   composition (app.ts, routes.ts, server.ts, bootstrap/, jobs/, seed/, ops/, web/)
 *     └─ features/<name>/     (another feature only through its index.ts)
 *          └─ http/           (route table, request actor, cookies, uploads, validation)
 *               └─ platform/  (settings store, sessions and tokens, security)
 *                    └─ kernel/ (errors, principal and access types)
 *
 * The analysis engine (the package analysis/) is a pure library: it imports nothing of the API,
 * the database or the apps. Inside it the stages run one way (analysis/README.md):
 *
 *   index.ts, run/ (the bounded thread), engine.ts, chat/   wire the stages
 *     └─ explain/ ─ interpret/ ─ parse/ ─ extract/           (a stage never imports the one after it)
 *          knowledge/ (test names, units, limits) is read by every stage and reads none of them
 *   eval/ measures the engine and is imported by nothing but the CLI and tests.
 *
 * The two web apps reach the API only over HTTP, through contracts. No cycles anywhere.
 */
const ENGINE = '^analysis/src/';
// Tests and their support drive the whole engine, whatever stage they sit beside.
const TESTS = '\\.test\\.ts$';
const API = '^api/src/';
const COMPOSITION = `${API}(app|routes|server|hooks)\\.ts$|${API}(bootstrap|jobs|seed|ops|web)/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one: neither can be read, tested or changed alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-is-the-bottom',
      comment: 'The kernel (errors, principal and access types) depends on nothing else of the API.',
      severity: 'error',
      from: { path: `${API}kernel/` },
      to: { path: API, pathNot: `${API}kernel/` },
    },
    {
      name: 'platform-below-http-and-features',
      comment: 'Platform services (settings, sessions, security) never reach up into HTTP or features.',
      severity: 'error',
      from: { path: `${API}platform/` },
      to: { path: [`${API}http/`, `${API}features/`, COMPOSITION] },
    },
    {
      name: 'http-below-features',
      comment: 'The HTTP layer serves every feature and so knows none of them.',
      severity: 'error',
      from: { path: `${API}http/` },
      to: { path: [`${API}features/`, COMPOSITION] },
    },
    {
      name: 'features-only-through-their-index',
      comment: "A feature uses another feature only through that feature's index.ts (its public face).",
      severity: 'error',
      from: { path: `${API}features/([^/]+)/` },
      to: { path: `${API}features/`, pathNot: [`${API}features/$1/`, `${API}features/[^/]+/index\\.ts$`] },
    },
    {
      name: 'features-not-into-composition',
      comment: 'Features are mounted by the composition root; they never import it.',
      severity: 'error',
      from: { path: `${API}features/` },
      to: { path: COMPOSITION },
    },
    {
      name: 'analysis-is-pure',
      comment: 'The analysis engine is a library: no database, HTTP, settings, features or apps.',
      severity: 'error',
      from: { path: '^analysis/' },
      to: { path: '^(api|db|patient-app|backoffice|scripts|tests)/' },
    },
    {
      name: 'extract-before-the-engine',
      comment: 'Reading a file knows nothing of what is made of its text: the thread that runs both is run/.',
      severity: 'error',
      from: { path: `${ENGINE}extract/`, pathNot: TESTS },
      to: { path: [`${ENGINE}(engine|index)\\.ts$`, `${ENGINE}(run|interpret|explain|chat)/`] },
    },
    {
      name: 'parse-before-interpret',
      comment: 'Rows are read before they are judged: parse never imports interpret, explain or chat.',
      severity: 'error',
      from: { path: `${ENGINE}parse/`, pathNot: TESTS },
      to: { path: [`${ENGINE}(engine|index)\\.ts$`, `${ENGINE}(run|interpret|explain|chat)/`] },
    },
    {
      name: 'interpret-before-explain',
      comment: 'A verdict is reached before it is worded: interpret never imports explain or chat.',
      severity: 'error',
      from: { path: `${ENGINE}interpret/`, pathNot: TESTS },
      to: { path: [`${ENGINE}(engine|index)\\.ts$`, `${ENGINE}(run|explain|chat)/`] },
    },
    {
      name: 'knowledge-is-data',
      comment: 'The knowledge base (tests, units, limits) is read by every stage and reads none of them.',
      severity: 'error',
      from: { path: `${ENGINE}knowledge/`, pathNot: TESTS },
      to: { path: [`${ENGINE}(engine|index)\\.ts$`, `${ENGINE}(run|extract|parse|interpret|explain|chat)/`] },
    },
    {
      name: 'nothing-depends-on-eval',
      comment:
        'The evaluation measures the engine; the engine never depends on it (only the CLI and tests do).',
      severity: 'error',
      from: { path: '^analysis/src/', pathNot: ['^analysis/src/(eval|chat/eval|test-support)/', TESTS] },
      to: { path: '^analysis/src/(eval|chat/eval)/' },
    },
    {
      name: 'apps-call-the-api-through-contracts',
      comment: 'The patient app and the back office never import the API or the database.',
      severity: 'error',
      from: { path: '^(patient-app|backoffice)/' },
      to: { path: '^(api|db)/' },
    },
    {
      name: 'contracts-depend-on-nothing-of-ours',
      comment: 'contracts is shared by the API and both apps.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(api|db|patient-app|backoffice|scripts|tests)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|dist|\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
    },
  },
};
