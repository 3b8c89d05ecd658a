import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, readEnv } from '../api/src/env';
import { startServer } from '../api/src/server';
import { BACKOFFICE_DIST, PATIENT_BUILD } from '../api/src/web/mount-apps';
import { productHooks } from '../api/src/hooks';
import { startBanner } from '../api/src/bootstrap/start-banner';
import { DEMO_USER } from '../api/src/seed/demo';
import { DEMO_SHARE_PIN, demoShareLinkPath } from '../api/src/seed/demo-share-link';

/**
 * `npm start`: build what is not built, then run the whole product (or one ROLE) on PORT.
 * Stops cleanly on SIGINT/SIGTERM: requests finish, the worker stops, the embedded
 * PostgreSQL shuts down.
 */
async function main() {
  const env = readEnv();
  if (env.ROLE === 'all' || env.ROLE === 'web') buildIfMissing();
  const server = await startServer(env, productHooks);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, shutting down...`);
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const demo = env.DEMO_DATA && !!server.deps;
  // The doctor's view of the demo report: its full address and the demo's public PIN (README),
  // in the banner a person reads, never in the JSON log (decisions 212, 233).
  const share =
    demo && server.deps ? await demoShareLinkPath(server.deps, DEMO_USER.email).catch(() => null) : null;
  const origin = env.PUBLIC_URL?.replace(/\/+$/, '') ?? server.url;
  const lines = startBanner({
    url: server.url,
    role: env.ROLE,
    dataDir: env.DATA_DIR,
    demo,
    bootstrapAdmin: server.bootstrapAdmin,
    demoDoctorLink: share && origin ? `${origin}${share}  PIN ${DEMO_SHARE_PIN}` : null,
    mail: server.deps?.mailer.mode ?? null,
  });
  console.log(lines.join('\n') + '\n');
}

function buildIfMissing() {
  const missing = [
    !existsSync(path.join(PATIENT_BUILD, 'server/index.js')) && '@reportsaathi/patient-app',
    !existsSync(path.join(BACKOFFICE_DIST, 'index.html')) && '@reportsaathi/backoffice',
  ].filter(Boolean);
  for (const ws of missing) {
    console.log(`Building ${ws} (first start only)...`);
    execSync(`npm run build -w ${ws}`, { stdio: 'inherit' });
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
