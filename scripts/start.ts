import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, readEnv } from '../api/src/env';
import { startServer } from '../api/src/server';
import { BACKOFFICE_DIST, PATIENT_BUILD } from '../api/src/web/mount-apps';
import { productHooks } from '../api/src/hooks';
import { DEMO_STAFF, DEMO_USER } from '../api/src/seed/demo';
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

  const lines = [''];
  if (server.url) {
    lines.push(`ReportSaathi is running (${env.ROLE}) at ${server.url}`);
    if (env.ROLE === 'all' || env.ROLE === 'web')
      lines.push(`  Patient app: ${server.url}/`, `  Back office: ${server.url}/admin/login`);
    if (env.ROLE !== 'web') lines.push(`  API:         ${server.url}/api/v1/health`);
  } else {
    lines.push(`ReportSaathi worker is running`);
  }
  if (server.bootstrapAdmin) {
    const a = server.bootstrapAdmin;
    lines.push(
      `  Super admin created: username '${a.username}'` +
        (a.generated
          ? `, password '${a.password}' (generated: shown only now)`
          : ' (password from ADMIN_PASSWORD)'),
    );
  }
  if (env.DEMO_DATA && server.deps) {
    lines.push(`  Demo patient: ${DEMO_USER.email} / ${DEMO_USER.password}`);
    for (const s of DEMO_STAFF) lines.push(`  Demo ${s.role}: ${s.username} / ${s.password} (back office)`);
    // The doctor's view of the demo report: the full address and its PIN (never the JSON log).
    const share = await demoShareLinkPath(server.deps, DEMO_USER.email).catch(() => null);
    const origin = env.PUBLIC_URL?.replace(/\/+$/, '') ?? server.url;
    if (share && origin) lines.push(`  Demo doctor link: ${origin}${share}  PIN ${DEMO_SHARE_PIN}`);
  }
  if (server.deps?.mailer.mode === 'outbox' && server.url)
    lines.push(`  Mail: no SMTP server set (SMTP_HOST); mail is kept at ${server.url}/dev/outbox`);
  if (server.deps?.mailer.mode === 'off')
    lines.push(
      '  Mail: OFF. Set SMTP_HOST (and PUBLIC_URL) or password reset and e-mail confirmation cannot work.',
    );
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
