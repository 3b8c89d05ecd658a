import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import Papa from 'papaparse';
import pg from 'pg';
import { sql } from 'kysely';
import { connectDatabase, migrateToLatest, type DB } from '@reportsaathi/db';
import { createApp } from '../api/src/app';
import type { AppDeps } from '../api/src/context';
import { readEnv } from '../api/src/env';
import { ensureDefaultSettings } from '../api/src/platform/settings/settings.repo';
import { createJobQueue } from '../api/src/jobs/queue';
import { createLogger } from '../api/src/logger';
import { DiskStorage } from '../api/src/storage/disk-storage';
import { mountPatientApp, PATIENT_BUILD } from '../api/src/web/mount-apps';
import { createMailer } from '../api/src/platform/mail/mailer';

/**
 * `npm run bench:user`: the user panel's calls for one heavy user — 5,000 reports (10 values
 * each) and 20,000 chat messages, among 200 other users' data — seeded with set-based SQL in a
 * database of its own on the TEST_DATABASE_URL server. The API runs in this process and is
 * called over HTTP: p50/p95 of /user/reports and /user/chats (filtered and sorted) and of the
 * dashboard stats, then the time and the process's peak RSS of a full JSON export and a CSV ZIP
 * export. With the patient app built (npm run build), also the pages server-side: the patient
 * /dashboard, /user/dashboard, /user/reports, /user/chats and /user/trends (the trends of 5,000
 * reports, capped at 24 points per chart). Prints figures, CPU time and the
 * load average; asserts only that each call answers 200 and that both exports hold everything
 * the user owns (measureExport); drops its database at the end.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const REPORTS = 5_000;
const CHATS = 20_000;

const log = (line: string) => process.stdout.write(`${line}\n`);

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function seed(db: DB, userId: number) {
  const t0 = performance.now();
  const statements = [
    sql`
      INSERT INTO users (email, full_name, password_hash, preferences, retention)
      SELECT 'other' || g || '@example.com', 'Other ' || g, 'x', '{}', '{}' FROM generate_series(1, 200) g
    `,
    sql`
      INSERT INTO reports (user_id, filename, original_filename, file_type, mime_type, file_size, content_hash,
                           storage_key, status, report_type, summary, key_findings, recommendations,
                           confidence_score, processing_time_seconds, created_at, updated_at)
      SELECT CASE WHEN g <= ${REPORTS} THEN ${userId} ELSE (SELECT min(id) FROM users) + 1 + g % 200 END,
             'k' || g, 'report_' || g || '.pdf', 'pdf', 'application/pdf', 20000 + (g * 7919) % 900000, 'h' || g,
             NULL,
             (ARRAY['completed','completed','completed','completed','failed','pending'])[1 + g % 6],
             (ARRAY['blood_test','blood_test','x_ray','mri','ultrasound','other'])[1 + g % 6],
             'Your report has 10 test results; 2 are outside the normal range.',
             '["Haemoglobin is low","Vitamin D is low"]', '["Eat iron-rich food","Talk to your doctor"]',
             0.85, 5 + g % 40, now() - make_interval(hours => g * 3), now() - make_interval(hours => g * 2)
        FROM generate_series(1, ${REPORTS * 2}) g
    `,
    sql`
      INSERT INTO report_values (report_id, position, canonical_id, name, value_numeric, unit, ref_low, ref_high,
                                 ref_text, flag)
      SELECT r.id, p, (ARRAY['hemoglobin','glucose_fasting','hba1c','total_cholesterol','hdl_cholesterol',
                             'ldl_cholesterol','triglycerides','creatinine','tsh','vitamin_d'])[p + 1],
             'Test ' || p, 5 + (r.id + p) % 50,
             -- each analyte in its knowledge-base unit: a unit it cannot convert keeps a value off its trend
             (ARRAY['g/dL','mg/dL','%','mg/dL','mg/dL','mg/dL','mg/dL','mg/dL','µIU/mL','ng/mL'])[p + 1],
             10, 40, '10-40',
             CASE WHEN (r.id + p) % 50 > 35 THEN 'high' WHEN (r.id + p) % 50 < 5 THEN 'low' ELSE 'normal' END
        FROM reports r CROSS JOIN generate_series(0, 9) p WHERE r.status = 'completed'
    `,
    sql`
      INSERT INTO chats (user_id, report_id, message, response, created_at, updated_at)
      SELECT ${userId}, (SELECT min(id) FROM reports WHERE user_id = ${userId}) + g % ${REPORTS},
             (ARRAY['What does my glucose mean?','Is my haemoglobin low?','Should I worry about TSH?',
                    'What food helps vitamin D?'])[1 + g % 4] || ' #' || g,
             CASE WHEN g % 10 = 0 THEN NULL ELSE 'Your value is within the usual range for adults. ' ||
                  repeat('Talk to your doctor if you feel unwell. ', 3) END,
             now() - make_interval(mins => g * 17), now() - make_interval(mins => g * 17)
        FROM generate_series(1, ${CHATS}) g
    `,
    sql`
      INSERT INTO feedback (user_id, report_id, rating, comment)
      SELECT ${userId}, (SELECT min(id) FROM reports WHERE user_id = ${userId}) + g % ${REPORTS}, 'helpful', 'Useful'
        FROM generate_series(1, 1000) g
    `,
    // VACUUM as autovacuum would after such a load: the visibility map lets the trends' counts
    // read their indexes alone (a table freshly bulk-loaded and never vacuumed has none yet).
    sql`
      VACUUM ANALYZE
    `,
  ];
  for (const st of statements) await st.execute(db);
  log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * p50/p95 wall time of sequential calls, the bytes of the last answer and this process's CPU time
 * per call (API and client share the process, so the CPU figure includes the client's part); on a
 * shared machine the CPU time moves much less than the wall time.
 */
async function measure(
  base: string,
  token: string,
  label: string,
  paths: string[],
  headers: Record<string, string> = { authorization: `Bearer ${token}` },
) {
  const times: number[] = [];
  let bytes = 0;
  let cpu0 = process.cpuUsage();
  for (let i = 0; i < WARMUP + RUNS; i++) {
    if (i === WARMUP) cpu0 = process.cpuUsage();
    const p = paths[i % paths.length];
    const t0 = performance.now();
    const res = await fetch(base + p, { headers, redirect: 'manual' });
    bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  log(
    `${label.padEnd(44)} p50 ${pct(times, 50).toFixed(1).padStart(6)} ms   p95 ${pct(times, 95).toFixed(1).padStart(6)} ms   cpu ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(1).padStart(5)} ms/call   ${(bytes / 1024).toFixed(1)} KB`,
  );
}

/** Bytes of a number or a literal (true, false, null): letters, digits, '.', '+', '-', '_'. */
const TOKEN_BYTE = new Uint8Array(256).map((_, b) => (/[\w.+-]/.test(String.fromCharCode(b)) ? 1 : 0));

/**
 * A JSON document checked as its bytes arrive, never held: the grammar (objects, arrays, strings
 * with escapes, numbers, literals, commas and colons in their places, nothing after the end) and
 * how many elements each array directly under `export_data` has (reports, chats, feedback...).
 */
class JsonStream {
  private stack: Array<{
    kind: '{' | '[';
    key: string;
    expect: 'key' | 'colon' | 'value' | 'comma';
    fresh: boolean;
  }> = [];
  private top: 'value' | 'end' = 'value';
  private inString = false;
  private escape = false;
  private unicode = 0;
  private stringBytes: number[] | null = null;
  private token = '';
  private path: string[] = [];
  readonly counts = new Map<string, number>();
  /** Bytes read before the current chunk, and up to the byte being read (for the messages). */
  private base = 0;
  bytes = 0;

  private fail(why: string): never {
    throw new Error(`export is not valid JSON at byte ${this.bytes}: ${why}`);
  }

  /** Where a value may start now, and marks it started (counting the elements of an array). */
  private valueStarts() {
    const frame = this.stack[this.stack.length - 1];
    if (!frame) {
      if (this.top !== 'value') this.fail('a second value after the end');
      this.top = 'end';
      return;
    }
    if (frame.expect !== 'value') this.fail(`a value where ${frame.expect} was expected`);
    frame.expect = 'comma';
    frame.fresh = false;
    if (frame.kind === '[' && this.stack.length === 3 && this.path[0] === 'export_data')
      this.counts.set(this.path[1], (this.counts.get(this.path[1]) ?? 0) + 1);
  }

  private endToken() {
    if (!this.token) return;
    if (!/^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)$/.test(this.token))
      this.fail(`bad literal ${this.token.slice(0, 20)}`);
    this.token = '';
  }

  write(chunk: Uint8Array) {
    const n = chunk.length;
    for (let i = 0; i < n; i++) {
      let b = chunk[i];
      if (this.inString && !this.escape && this.unicode === 0 && !this.stringBytes) {
        // The plain run of a string, at speed: up to its closing quote, an escape or a control byte.
        while (b !== 0x22 && b !== 0x5c && b >= 0x20 && ++i < n) b = chunk[i];
        if (i === n) break;
      }
      this.bytes = this.base + i + 1;
      if (this.inString) {
        if (this.unicode > 0) {
          if (!/[0-9a-fA-F]/.test(String.fromCharCode(b))) this.fail('bad \\u escape');
          this.unicode--;
        } else if (this.escape) {
          if (b === 0x75) this.unicode = 4;
          else if (!'"\\/bfnrt'.includes(String.fromCharCode(b))) this.fail('bad escape');
          this.escape = false;
        } else if (b === 0x5c) this.escape = true;
        else if (b === 0x22) {
          this.inString = false;
          const frame = this.stack[this.stack.length - 1];
          if (frame?.expect === 'key') {
            frame.key = this.stringBytes ? Buffer.from(this.stringBytes).toString('utf8') : '';
            frame.expect = 'colon';
            frame.fresh = false;
          }
          this.stringBytes = null;
        } else if (b < 0x20) this.fail('control character in a string');
        else this.stringBytes?.push(b);
        continue;
      }
      if (TOKEN_BYTE[b]) {
        if (!this.token) this.valueStarts();
        this.token += String.fromCharCode(b);
        continue;
      }
      const c = String.fromCharCode(b);
      this.endToken();
      const frame = this.stack[this.stack.length - 1];
      switch (c) {
        case ' ':
        case '\n':
        case '\r':
        case '\t':
          break;
        case '"':
          if (frame?.expect === 'key') this.stringBytes = this.stack.length <= 2 ? [] : null;
          else this.valueStarts();
          this.inString = true;
          break;
        case '{':
        case '[':
          this.valueStarts();
          if (frame && this.stack.length <= 2) this.path.push(frame.kind === '{' ? frame.key : '[]');
          this.stack.push({ kind: c, key: '', expect: c === '{' ? 'key' : 'value', fresh: true });
          break;
        case '}':
        case ']': {
          const empty = frame?.fresh === true;
          if (!frame || frame.kind !== (c === '}' ? '{' : '[') || !(frame.expect === 'comma' || empty))
            this.fail(`unexpected ${c}`);
          this.stack.pop();
          if (this.stack.length <= 2 && this.stack.length > 0) this.path.pop();
          break;
        }
        case ':':
          if (frame?.expect !== 'colon') this.fail('unexpected :');
          frame.expect = 'value';
          break;
        case ',':
          if (frame?.expect !== 'comma') this.fail('unexpected ,');
          frame.expect = frame.kind === '{' ? 'key' : 'value';
          break;
        default:
          this.fail(`unexpected ${JSON.stringify(c)}`);
      }
    }
    this.base += n;
    this.bytes = this.base;
  }

  end() {
    this.endToken();
    if (this.inString || this.stack.length || this.top !== 'end') this.fail('the document ends early');
  }
}

/** What the user owns, counted in the database: what a complete export must hold. */
async function ownedCounts(db: DB, userId: number) {
  const { rows } = await sql<{ reports: number; values: number; chats: number; feedback: number }>`
    SELECT (SELECT count(*) FROM reports WHERE user_id = ${userId} AND status <> 'deleted' AND deleted_at IS NULL)::int AS reports,
           (SELECT count(*) FROM report_values v JOIN reports r ON r.id = v.report_id
             WHERE r.user_id = ${userId} AND r.status <> 'deleted' AND r.deleted_at IS NULL)::int AS values,
           (SELECT count(*) FROM chats WHERE user_id = ${userId})::int AS chats,
           (SELECT count(*) FROM feedback WHERE user_id = ${userId})::int AS feedback
  `.execute(db);
  return rows[0];
}

/**
 * Time and peak RSS of one export. API and client share this process, so the client must not be
 * what costs the memory: the JSON answer is checked as it streams (JsonStream: well-formed, every
 * report, chat and feedback row there) and never held; the ZIP (small) is kept and unpacked after
 * the clock and the RSS sampling stop, and its CSV files' rows counted. The RSS is the process's
 * (sampled every 10 ms) with the bytes the client keeps at a few chunks.
 */
async function measureExport(
  base: string,
  token: string,
  label: string,
  body: { format?: 'csv' },
  expected: Awaited<ReturnType<typeof ownedCounts>>,
) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  const res = await fetch(`${base}/user/export-data`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200 || !res.body) throw new Error(`${label}: ${res.status}`);
  const json = body.format === 'csv' ? null : new JsonStream();
  const zipParts: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    if (json) json.write(chunk);
    else zipParts.push(chunk);
  }
  json?.end();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  let check: string;
  const mismatch = (what: string, got: number | undefined, want: number) => {
    if (got !== want) throw new Error(`${label}: ${what} ${got ?? 'missing'}, the user has ${want}`);
  };
  if (json) {
    mismatch('reports', json.counts.get('reports') ?? 0, expected.reports);
    mismatch('chats', json.counts.get('chats') ?? 0, expected.chats);
    mismatch('feedback', json.counts.get('feedback') ?? 0, expected.feedback);
    check = `valid JSON, ${expected.reports} reports, ${expected.chats} chats, ${expected.feedback} feedback`;
  } else {
    const zip = await JSZip.loadAsync(Buffer.concat(zipParts));
    const rowsOf = async (name: string) => {
      const file = zip.file(name);
      if (!file) throw new Error(`${label}: no ${name}`);
      const parsed = Papa.parse(await file.async('string'), { header: true, skipEmptyLines: true });
      if (parsed.errors.length) throw new Error(`${label}: ${name}: ${parsed.errors[0].message}`);
      return parsed.data.length;
    };
    mismatch('reports.csv rows', await rowsOf('reports.csv'), expected.reports);
    mismatch('report_values.csv rows', await rowsOf('report_values.csv'), expected.values);
    mismatch('chats.csv rows', await rowsOf('chats.csv'), expected.chats);
    mismatch('feedback.csv rows', await rowsOf('feedback.csv'), expected.feedback);
    check = `${Object.keys(zip.files).length} CSV files, every row there`;
  }
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  log(
    `${label.padEnd(44)} ${(ms / 1000).toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB, peak RSS ${mb(peak)} MB (before ${mb(before)} MB, +${mb(peak - before)} MB); ${check}`,
  );
}

async function main() {
  const name = `bench_user_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 10 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-bench-user-'));
  let server: http.Server | null = null;
  let stopJobs: (() => Promise<void>) | null = null;
  try {
    await migrateToLatest(handle.db as never);
    await ensureDefaultSettings(handle.db);
    const logger = createLogger('silent');
    const env = readEnv({
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
    });
    const jobs = await createJobQueue(url.toString(), logger, {
      analysisTimeoutSeconds: 120,
      supervise: false,
    });
    stopJobs = () => jobs.stop();
    const deps: AppDeps = {
      db: handle.db,
      env,
      logger,
      jwtSecret: randomBytes(32).toString('hex'),
      startedAt: new Date(),
      mailer: createMailer(env, logger),
      storage: new DiskStorage(path.join(dataDir, 'uploads')),
      jobs,
    };
    const app = createApp(deps);
    server = http.createServer(app);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    const post = (p: string, body: object) =>
      fetch(base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/auth/register', {
      email: 'heavy@example.com',
      password: 'secret123',
      full_name: 'Heavy User',
    });
    const { token, user } = (await (
      await post('/auth/login', { email: 'heavy@example.com', password: 'secret123' })
    ).json()) as {
      token: string;
      user: { id: number };
    };
    await seed(handle.db, user.id);
    log(
      `one user: ${REPORTS} reports (10 values each when analysed), ${CHATS} chats; ${RUNS} runs after ${WARMUP} warm-up; load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
    );

    await measure(base, token, '/user/reports (default page)', ['/user/reports']);
    await measure(base, token, '/user/reports filtered + sorted', [
      '/user/reports?status=completed&sort_by=file_size&sort_order=asc&page=3',
      '/user/reports?report_type=blood_test&sort_by=filename&sort_order=desc',
      '/user/reports?search=report_12&sort_by=updated_at',
      '/user/reports?date_from=2026-01-01&date_to=2026-12-31&sort_by=created_at&sort_order=asc&page=50',
    ]);
    await measure(base, token, '/user/chats (default page)', ['/user/chats']);
    await measure(base, token, '/user/chats filtered + sorted', [
      '/user/chats?search=glucose&sort_order=asc&page=4',
      '/user/chats?date_from=2026-01-01&sort_by=updated_at',
      '/user/chats?search=vitamin&page=20',
    ]);
    const firstReport = await handle.db
      .selectFrom('reports')
      .select((eb) => eb.fn.min('id').as('id'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    await measure(base, token, '/user/chats?report_id=', [`/user/chats?report_id=${firstReport.id}`]);
    await measure(base, token, '/user/dashboard-stats', ['/user/dashboard-stats']);
    await measure(base, token, '/reports?page=1&limit=20 (patient dashboard)', ['/reports?page=1&limit=20']);
    await measure(base, token, '/user/trends (10 analytes, <= 24 points each)', ['/user/trends']);
    await measure(base, token, '/user/trends/hba1c (3,334 reports)', ['/user/trends/hba1c']);
    const owned = await ownedCounts(handle.db, user.id);
    await measureExport(base, token, 'full JSON export', {}, owned);
    await measureExport(base, token, 'CSV ZIP export', { format: 'csv' }, owned);
    // The pages after the exports: rendering them grows the process, which the exports' peak RSS would count.
    if (existsSync(path.join(PATIENT_BUILD, 'server/index.js'))) {
      // The page as a browser asks for it: the Remix app in this process, calling the API over HTTP.
      await mountPatientApp(app, base);
      const page = (p: string) => base.replace(/\/api\/v1$/, '') + p;
      // The panel's pages and the patient dashboard at 5,000 reports (bench:web has them at 50).
      for (const [label, paths] of [
        ['page /dashboard (patient)', ['/dashboard']],
        ['page /user/dashboard', ['/user/dashboard']],
        [
          'page /user/reports filtered + sorted',
          ['/user/reports', '/user/reports?status=completed&sort_by=filename&sort_order=asc&page=40'],
        ],
        ['page /user/chats', ['/user/chats', '/user/chats?search=glucose&page=3']],
        [
          'page /user/chats?tab=by-report',
          ['/user/chats?tab=by-report', '/user/chats?tab=by-report&page=40'],
        ],
      ] as const)
        await measure(page(''), token, label, [...paths], { cookie: `token=${token}` });
      await measure(page(''), token, 'page /user/trends', ['/user/trends'], { cookie: `token=${token}` });
      await measure(page(''), token, 'page /user/trends?analyte=hba1c', ['/user/trends?analyte=hba1c'], {
        cookie: `token=${token}`,
      });
    } else log('pages: skipped (patient app not built; npm run build)');
    const cpu = process.cpuUsage();
    log(
      `process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; load average (1, 5, 15 min) ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')} on ${os.cpus().length} CPUs`,
    );
  } finally {
    server?.closeAllConnections();
    server?.close();
    await stopJobs?.();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
    // BENCH_KEEP_DB=1 keeps the seeded database for EXPLAIN; its name is printed.
    if (process.env.BENCH_KEEP_DB === '1') log(`kept database ${name}`);
    else await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
