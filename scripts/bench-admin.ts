import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { sql } from 'kysely';
import { connectDatabase, migrateToLatest, type DB } from '@reportsaathi/db';
import { createAdmin } from '../api/src/features/admin-auth/admin-auth.service';
import { ensureDefaultSettings } from '../api/src/platform/settings/settings.repo';
import { benchAdminOps } from './lib/bench-admin-ops';

/**
 * `npm run bench:admin`: the back office's list, stats and export calls at production size.
 *
 * Creates a database of its own on the TEST_DATABASE_URL server, seeds it with set-based SQL
 * (generate_series): 100,000 users, 1,000,000 reports, 2,000,000 chat messages and 1,000,000 audit
 * rows (times BENCH_SCALE, e.g. 0.1 for a trial), builds the indexes after the load, runs the API
 * in a process of its own (scripts/lib/bench-admin-api.ts) and calls it over HTTP: p50/p95 of each
 * list and stats call (sequential, after warm-up), then rows/s and peak RSS of each export, both
 * read from the API process's /proc entries. Prints figures, asserts nothing; drops its database
 * at the end, unless BENCH_KEEP=1 (then BENCH_DB=<name> measures that seeded database again
 * without seeding, e.g. after an index change; drop it yourself afterwards). BENCH_ONLY=lists,
 * exports or ops runs one part.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const WARMUP = 3;
const N = {
  users: Math.round(100_000 * SCALE),
  reports: Math.round(1_000_000 * SCALE),
  chats: Math.round(2_000_000 * SCALE),
  audit: Math.round(1_000_000 * SCALE),
};
const BIG_TABLES = ['users', 'reports', 'chats', 'audit_logs'];
/** Stop reading each export after this many rows (the rate and memory are measured over them). */
const EXPORT_MAX_ROWS = Number(process.env.BENCH_EXPORT_MAX_ROWS ?? Infinity);
const ONLY = process.env.BENCH_ONLY ?? '';
const CLK_TCK = 100;

/** CPU ms (user + system) of a process so far, from /proc/<pid>/stat. */
async function procCpuMs(pid: number): Promise<number> {
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return ((Number(stat[11]) + Number(stat[12])) * 1000) / CLK_TCK;
}

/** Resident memory of a process now, in bytes, from /proc/<pid>/status. */
async function procRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Starts the API in its own process on the bench database; resolves with its base URL. */
async function startApi(url: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'lib', 'bench-admin-api.ts')],
    { env: { ...process.env, BENCH_DB_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the API process ended (${code})`)));
  });
  const { port } = JSON.parse(first) as { port: number };
  return { child, base: `http://127.0.0.1:${port}/api/v1` };
}

/**
 * CPU time used so far by the API process plus the database's backends of the bench database, in
 * ms (the bench client's own work is left out). On a shared machine wall time swells with the load
 * average; CPU time per call does much less, so both are printed.
 */
async function cpuMs(
  monitor: pg.Client,
  database: string,
  known: Map<number, number>,
  apiPid: number,
): Promise<number> {
  const { rows } = await monitor.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  for (const { pid } of rows) {
    try {
      const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
      known.set(pid, ((Number(stat[11]) + Number(stat[12])) * 1000) / CLK_TCK);
    } catch {
      // the backend ended: keep its last reading
    }
  }
  const db = [...known.values()].reduce((a, b) => a + b, 0);
  return db + (await procCpuMs(apiPid));
}

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

/** Loads the tables with indexes dropped (rebuilt after, as a bulk load would) and FK triggers off. */
async function seed(db: DB) {
  const defs = await sql<{ indexname: string; indexdef: string }>`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY(${BIG_TABLES})
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
  await db.connection().execute(async (conn) => {
    await sql`SET session_replication_role = replica`.execute(conn);
    await sql`SET maintenance_work_mem = '256MB'`.execute(conn);
    for (const d of defs.rows) await sql`DROP INDEX ${sql.id(d.indexname)}`.execute(conn);

    await timed(`users ${N.users}`, () =>
      sql`
        INSERT INTO users (email, full_name, password_hash, is_active, is_verified, preferences, retention,
                           created_at, updated_at, last_login)
        SELECT 'user' || g || '@example.com',
               (ARRAY['Asha','Ravi','Meera','Arjun','Priya','Rahul','Sunita','Vikram','Anjali','Karan',
                      'Deepa','Suresh','Kavya','Amit','Neha','Rohan','Pooja','Sanjay','Lakshmi','Farhan'])[1 + g % 20]
                 || ' ' ||
               (ARRAY['Sharma','Verma','Iyer','Nair','Reddy','Patel','Gupta','Khan','Das','Singh','Rao',
                      'Menon','Joshi','Bose','Kulkarni'])[1 + (g / 20) % 15],
               'x', g % 50 <> 0, g % 3 <> 0, '{}', '{}',
               now() - make_interval(secs => (g::bigint * 7919) % (730 * 86400)),
               now() - make_interval(secs => (g::bigint * 7919) % (730 * 86400)),
               CASE WHEN g % 4 = 0 THEN NULL ELSE now() - make_interval(secs => (g::bigint * 104729) % (30 * 86400)) END
          FROM generate_series(1, ${N.users}) g ORDER BY g`.execute(conn),
    );
    await timed(`reports ${N.reports}`, () =>
      sql`
        INSERT INTO reports (user_id, filename, original_filename, file_type, mime_type, file_size, content_hash,
                             status, report_type, summary, key_findings, recommendations, impressions,
                             confidence_score, ai_model_version, processing_time_seconds, is_flagged,
                             deleted_at, created_at, updated_at)
        SELECT 1 + g % ${N.users},
               substr(md5(g::text), 1, 24) || '.pdf',
               (ARRAY['CBC','Lipid profile','Thyroid panel','LFT','KFT','HbA1c','X-ray chest','MRI brain',
                      'USG abdomen','Vitamin D'])[1 + g % 10] || ' ' || g || '.pdf',
               'pdf', 'application/pdf', 10000 + (g::bigint * 7919) % 5000000, md5(g::text),
               s.status,
               (ARRAY['blood_test','blood_test','blood_test','x_ray','mri','ct_scan','ultrasound','other'])[1 + g % 8],
               CASE WHEN s.status = 'completed' THEN 'Most values are within range; haemoglobin is slightly low.' END,
               '["Haemoglobin 11.2 g/dL is low"]', '["Discuss iron with your doctor"]', '[]',
               CASE WHEN s.status = 'completed' THEN 0.6 + (g % 40) / 100.0 END,
               CASE WHEN s.status = 'completed' THEN 'local-v2.1' END,
               CASE WHEN s.status IN ('completed', 'failed') THEN 2 + (g % 600) / 10.0 END,
               g % 97 = 0,
               CASE WHEN s.status = 'deleted' THEN now() END,
               now() - make_interval(secs => (g::bigint * 37) % (730 * 86400)),
               now() - make_interval(secs => (g::bigint * 37) % (730 * 86400)) + interval '2 minutes'
          FROM generate_series(1, ${N.reports}) g,
               LATERAL (SELECT CASE WHEN g % 100 < 80 THEN 'completed' WHEN g % 100 < 88 THEN 'failed'
                                    WHEN g % 100 < 93 THEN 'pending' WHEN g % 100 < 96 THEN 'processing'
                                    ELSE 'deleted' END AS status) s
         ORDER BY g`.execute(conn),
    );
    await timed(`chats ${N.chats}`, () =>
      sql`
        INSERT INTO chats (user_id, report_id, message, response, ai_model_used, tokens_used,
                           processing_time_seconds, confidence_score, is_flagged, user_feedback,
                           created_at, updated_at)
        SELECT 1 + (1 + g % ${N.reports}) % ${N.users}, 1 + g % ${N.reports},
               (ARRAY['What does my haemoglobin mean?','Is my sugar level normal?','Should I worry about LDL?',
                      'What is TSH?','Why is my vitamin D low?','Explain my platelet count',
                      'मेरा हीमोग्लोबिन कम क्यों है?','Is creatinine 1.4 high?'])[1 + g % 8] || ' (' || g || ')',
               'Your value is slightly outside the reference range. Please discuss it with your doctor; '
                 || 'this is not a diagnosis.',
               (ARRAY['local-v2.1','gemini-flash-lite','gpt-4o-mini'])[1 + g % 3],
               50 + g % 400, (g % 50) / 10.0, 0.5 + (g % 50) / 100.0,
               g % 211 = 0,
               CASE WHEN g % 10 = 0 THEN 'helpful' WHEN g % 10 = 1 THEN 'not_helpful'
                    WHEN g % 23 = 0 THEN 'irrelevant' END,
               now() - make_interval(secs => (g::bigint * 13) % (730 * 86400)),
               now() - make_interval(secs => (g::bigint * 13) % (730 * 86400))
          FROM generate_series(1, ${N.chats}) g ORDER BY g`.execute(conn),
    );
    await timed(`audit_logs ${N.audit}`, () =>
      sql`
        INSERT INTO audit_logs (admin_email, action, resource_type, resource_id, success, ip_address, details,
                                created_at)
        SELECT 'admin' || g % 5 || '@staff.in',
               (ARRAY['login','update_user','suspend_user','flag_report','delete_report','export_users'])[1 + g % 6],
               (ARRAY['admin','user','user','report','report','user'])[1 + g % 6],
               (g % 100000)::text, CASE WHEN g % 50 = 0 THEN 'failed' ELSE 'success' END, '10.0.0.1', '{}',
               now() - make_interval(secs => (g::bigint * 31) % (365 * 86400))
          FROM generate_series(1, ${N.audit}) g`.execute(conn),
    );
    await timed(`${defs.rows.length} indexes rebuilt`, async () => {
      for (const d of defs.rows) await sql.raw(d.indexdef).execute(conn);
    });
    await sql`SET session_replication_role = origin`.execute(conn);
  });
  await timed('vacuum analyze', () => sql`VACUUM ANALYZE`.execute(db));
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const reuse = process.env.BENCH_DB;
  const keep = process.env.BENCH_KEEP === '1' || !!reuse;
  const name = reuse ?? `bench_admin_${randomBytes(3).toString('hex')}`;
  if (!/^bench_admin_[a-z0-9]+$/.test(name)) throw new Error('BENCH_DB must name a bench_admin_* database');
  const u = new URL(SERVER_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  log(`bench:admin scale ${SCALE}: ${JSON.stringify(N)} on database ${name}${reuse ? ' (reused)' : ''}`);
  log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  if (!reuse) await adminQuery(`CREATE DATABASE ${name}`);
  const handle = connectDatabase(url, { max: 10 });
  let api: ChildProcess | null = null;
  try {
    await migrateToLatest(handle.db as never);
    await ensureDefaultSettings(handle.db);
    // The bench calls the export endpoints (and the export options) far more often in an hour than
    // an admin does; the per-hour export limit (decision 081) would answer 429 halfway. 0 is off.
    await handle.db
      .updateTable('system_settings')
      .set({ value: '0' })
      .where('key', '=', 'rate_limit_export_per_hour')
      .execute();
    if (!reuse) {
      log('seeding:');
      await seed(handle.db);
    }

    const started = await startApi(url);
    api = started.child;
    const apiPid = api.pid!;
    const base = started.base;
    const username = `bench_${randomBytes(3).toString('hex')}`;
    await createAdmin(handle.db, { username, password: 'bench-password-1', role: 'super_admin' });
    const login = await fetch(`${base}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'bench-password-1' }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };

    const mid = (n: number) => Math.max(1, Math.floor(n / 2));
    const calls: [string, string][] = [
      ['users list', '/admin/users/list'],
      ['users search common name', '/admin/users/list?search=Meera%20Iyer'],
      ['users search one email', `/admin/users/list?search=user${mid(N.users)}@example.com`],
      ['users status=inactive', '/admin/users/list?status=inactive'],
      [
        'users status=unverified sort full_name asc',
        '/admin/users/list?status=unverified&sort_by=full_name&sort_order=asc',
      ],
      ['users sort last_login desc', '/admin/users/list?sort_by=last_login&sort_order=desc'],
      ['users sort email asc page 50', '/admin/users/list?sort_by=email&sort_order=asc&page=50'],
      ['users date range (one month)', '/admin/users/list?date_from=2026-01-01&date_to=2026-01-31'],
      ['user detail', `/admin/users/${mid(N.users)}`],
      ['reports list', '/admin/data/reports'],
      ['reports status=failed', '/admin/data/reports?status=failed'],
      ['reports status=deleted', '/admin/data/reports?status=deleted'],
      ['reports report_type=mri', '/admin/data/reports?report_type=mri'],
      ['reports is_flagged=true', '/admin/data/reports?is_flagged=true'],
      ['reports search "Thyroid"', '/admin/data/reports?search=Thyroid'],
      ['reports search one file', `/admin/data/reports?search=panel%20${mid(N.reports) - 8}.pdf`],
      ['reports user_email one user', `/admin/data/reports?user_email=user${mid(N.users)}@example.com`],
      ['reports sort file_size desc', '/admin/data/reports?sort_by=file_size&sort_order=desc'],
      [
        'reports sort processing_time asc',
        '/admin/data/reports?sort_by=processing_time_seconds&sort_order=asc',
      ],
      ['reports sort filename asc page 100', '/admin/data/reports?sort_by=filename&sort_order=asc&page=100'],
      [
        'reports completed+blood_test by updated_at',
        '/admin/data/reports?status=completed&report_type=blood_test&sort_by=updated_at',
      ],
      ['reports stats', '/admin/data/reports/stats'],
      ['report detail', `/admin/data/reports/${mid(N.reports)}`],
      ['chats list', '/admin/data/chats'],
      ['chats is_flagged=true', '/admin/data/chats?is_flagged=true'],
      ['chats has_feedback=true', '/admin/data/chats?has_feedback=true'],
      ['chats ai_model', '/admin/data/chats?ai_model=gpt-4o-mini'],
      ['chats report_id', `/admin/data/chats?report_id=${mid(N.reports)}`],
      ['chats user_email one user', `/admin/data/chats?user_email=user${mid(N.users)}@example.com`],
      ['chats search "vitamin"', '/admin/data/chats?search=vitamin'],
      ['chats search one message', `/admin/data/chats?search=(${mid(N.chats)})`],
      ['chats sort tokens_used desc', '/admin/data/chats?sort_by=tokens_used&sort_order=desc'],
      [
        'chats sort processing_time asc page 50',
        '/admin/data/chats?sort_by=processing_time_seconds&sort_order=asc&page=50',
      ],
      ['chats stats', '/admin/data/chats/stats'],
      ['chat detail', `/admin/data/chats/${mid(N.chats)}`],
      ['chats by report', `/admin/data/chats/by-report/${mid(N.reports)}`],
      ['admins list', '/admin/admins'],
      ['recent activity', '/admin/recent-activity?limit=10'],
      ['dashboard stats (/admin/stats)', '/admin/stats'],
    ];
    log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    log(
      `\nlist and stats calls (${RUNS} sequential runs after ${WARMUP} warm-up; ms; CPU of the API ` +
        'process and its database backends):',
    );
    log(`  ${'call'.padEnd(48)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'cpu/call'.padStart(8)}  total`);
    const monitor = new pg.Client({ connectionString: url });
    await monitor.connect();
    const known = new Map<number, number>();
    for (const [label, path_] of ONLY && ONLY !== 'lists' ? [] : calls) {
      const times: number[] = [];
      let total = '';
      let cpuStart = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        if (i === WARMUP) cpuStart = await cpuMs(monitor, name, known, apiPid);
        const t0 = performance.now();
        const res = await fetch(base + path_, { headers: auth });
        const body = (await res.json()) as Record<string, unknown>;
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
        if (i >= WARMUP) times.push(ms);
        if ('total' in body) total = `${String(body.total)}${body.total_is_estimate ? ' (estimate)' : ''}`;
        else if ('total_reports' in body)
          total = `${String(body.total_reports)}${body.total_is_estimate ? ' (estimate)' : ''}`;
        else if ('total_chats' in body)
          total = `${String(body.total_chats)}${body.total_is_estimate ? ' (estimate)' : ''}`;
      }
      const cpu = ((await cpuMs(monitor, name, known, apiPid)) - cpuStart) / RUNS;
      times.sort((a, b) => a - b);
      log(
        `  ${label.padEnd(48)} ${pct(times, 50).toFixed(1).padStart(7)} ${pct(times, 95).toFixed(1).padStart(7)} ` +
          `${cpu.toFixed(1).padStart(8)}  ${total}`,
      );
    }

    const exports: [string, string, 'csv' | 'json'][] = [
      ['users CSV (all)', '/admin/users/export/csv', 'csv'],
      ['reports CSV (all)', '/admin/data/reports/export/csv', 'csv'],
      [
        'reports JSON (all, include_analysis)',
        '/admin/data/reports/export/json?include_analysis=true',
        'json',
      ],
      ['chats CSV (all)', '/admin/data/chats/export/csv', 'csv'],
      ['audit CSV (all)', '/admin/audit/logs/export/csv', 'csv'],
    ];
    log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    log(
      `\nexports (streamed over HTTP, read as a stream${Number.isFinite(EXPORT_MAX_ROWS) ? `, first ${EXPORT_MAX_ROWS} rows` : ''}; ` +
        'peak RSS of the API process, sampled every 20 ms):',
    );
    for (const [label, path_, kind] of ONLY && ONLY !== 'exports' ? [] : exports) {
      const before = await procRss(apiPid);
      let peak = before;
      const sampler = setInterval(() => {
        void procRss(apiPid).then((rss) => (peak = Math.max(peak, rss)));
      }, 20);
      const cpu0 = await cpuMs(monitor, name, known, apiPid);
      const t0 = performance.now();
      const res = await fetch(base + path_, { headers: auth });
      if (res.status !== 200 || !res.body) throw new Error(`${label}: ${res.status}`);
      let rows = 0;
      let carry = '';
      let bytes = 0;
      const decoder = new TextDecoder();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (kind === 'csv') {
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) rows++;
        } else {
          // Each exported report is an object that starts with {"id":
          const text = carry + decoder.decode(chunk, { stream: true });
          rows += text.split('{"id":').length - 1;
          carry = text.slice(-5);
        }
        if (rows >= EXPORT_MAX_ROWS) break;
      }
      const secs = (performance.now() - t0) / 1000;
      const cpuSecs = ((await cpuMs(monitor, name, known, apiPid)) - cpu0) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, await procRss(apiPid));
      if (kind === 'csv' && rows < EXPORT_MAX_ROWS) rows -= 1; // the header line
      log(
        `  ${label.padEnd(40)} ${rows} rows in ${secs.toFixed(1)} s = ${Math.round(rows / secs)} rows/s ` +
          `(${Math.round(rows / cpuSecs)} rows per CPU-second), ${(bytes / 1e6).toFixed(0)} MB, ` +
          `peak RSS ${(peak / 1e6).toFixed(0)} MB (before ${(before / 1e6).toFixed(0)} MB)`,
      );
    }
    // Back office part 2: audit, moderation, bulk export (scripts/lib/bench-admin-ops.ts).
    if (!ONLY || ONLY === 'ops')
      await benchAdminOps({
        db: handle.db,
        base,
        auth,
        runs: RUNS,
        warmup: WARMUP,
        log,
        apiRss: () => procRss(apiPid),
        cpuMs: () => cpuMs(monitor, name, known, apiPid),
      });
    await monitor.end();
  } finally {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api!.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await handle.close();
    if (keep) log(`kept ${name} (BENCH_DB=${name} to measure again; DROP DATABASE ${name} when done)`);
    else {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      log(`dropped ${name}`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
