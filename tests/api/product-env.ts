/**
 * The environment for a product started by a test as its own process: none of the test run's
 * settings (vitest's variables, NODE_ENV=test, the run's database) leak into it.
 */
export function productEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (
      key.startsWith('VITEST') ||
      ['DATABASE_URL', 'TEST_DATABASE_URL', 'DATA_DIR', 'PORT', 'ROLE', 'NODE_ENV'].includes(key)
    )
      delete env[key];
  return { ...env, DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...extra };
}
