import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '@reportsaathi/db';
import { REPO_ROOT } from './lib/product-server';

/**
 * `npm run scaleout:demo [-- --short]` (issue #10 item 5, decision 096): the product as a small
 * deployment on this machine — PostgreSQL, an S3-compatible server (s3rver), two `api`, one `web`
 * and two `worker` processes, behind nginx (Debian's package) as the load balancer — under a
 * bounded mixed load (browse, upload, report, chat, admin list, patient page) from 127.0.0.1.
 * One API process and one worker are killed (SIGKILL) a third of the way in (not with --no-faults,
 * which is `npm run bench:load`). A failed upload is retried once with its Idempotency-Key. Prints requests/s,
 * p50/p95/p99, errors inside and outside the fault window, uploads accepted vs found, analyses
 * completed and duplicates. Exits 1 if an accepted upload is missing, a duplicate exists, or a
 * request failed outside the fault window. `--short` (CI) runs 20 s instead of 60 s.
 */
const SHORT = process.argv.includes('--short');
/** `--no-faults` (npm run bench:load): the same load with nothing killed, for sustained figures. */
const FAULTS = !process.argv.includes('--no-faults');
const DURATION_MS = SHORT ? 20_000 : 60_000;
const USERS = SHORT ? 6 : 12;
const FAULT_WINDOW_MS = 5_000;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const ADMIN_PASSWORD = 'scaleout-admin-1';

interface Proc {
  name: string;
  child: ChildProcess;
  port?: number;
}

const procs: Proc[] = [];
const cleanups: Array<() => Promise<unknown>> = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startRole(name: string, env: NodeJS.ProcessEnv, port?: number): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port ?? 0), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
  child.on('exit', (code, signal) => {
    if (code && code !== 0 && signal !== 'SIGKILL') console.error(`${name} exited ${code}: ${err}`);
  });
  const proc = { name, child, port };
  procs.push(proc);
  return proc;
}

async function waitHealthy(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(300);
  }
  throw new Error(`${url} did not become healthy`);
}

function nginxConfig(dir: string, port: number, apis: number[], web: number): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_max_body_size 12m;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream api {
${apis.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`).join('\n')}
    # No kept-alive connections to the API processes: a killed one is then found at connect time,
    # before a request is sent, so nginx passes even a POST to the other process.
  }
  upstream web { server 127.0.0.1:${web}; keepalive 8; }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto http;
    # A dead upstream: idempotent requests go to the other API process.
    proxy_next_upstream error timeout http_502;
    proxy_next_upstream_tries 2;
    proxy_connect_timeout 2s;
    location /api/ { proxy_pass http://api; }
    location / { proxy_pass http://web; }
  }
}
`;
}

async function main(): Promise<number> {
  if (!NGINX) {
    console.error('nginx is not installed: apt-get install -y nginx (Debian package), then run again.');
    return 1;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rs-scaleout-'));
  await chmod(dir, 0o755);
  cleanups.push(() => rm(dir, { recursive: true, force: true }));

  console.log('Starting PostgreSQL, s3rver, 2 api, 1 web, 2 worker processes and nginx...');
  const database = await startEmbeddedPostgres(path.join(dir, 'pg'));
  cleanups.push(() => database.stop());
  await mkdir(path.join(dir, 's3'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'reports' }],
  });
  const s3Port = (await s3.run()).port;
  cleanups.push(() => s3.close());

  const lbPort = await freePort();
  const base = `http://127.0.0.1:${lbPort}`;
  const common: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    STORAGE: 's3',
    S3_BUCKET: 'reports',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    WORKER_CONCURRENCY: '1',
    // A killed worker's job expires and runs again after this (text reports take well under a second).
    ANALYSIS_TIMEOUT_SECONDS: '15',
    MALLOC_ARENA_MAX: '2',
  };
  const roleEnv = (role: string, n: number) => ({
    ...common,
    ROLE: role,
    DATA_DIR: path.join(dir, `${role}${n}`),
  });
  // The first API process migrates and creates the super admin; the others start after it.
  const api1 = startRole('api1', roleEnv('api', 1), await freePort());
  await waitHealthy(`http://127.0.0.1:${api1.port}/api/v1/health`);
  const api2 = startRole('api2', roleEnv('api', 2), await freePort());
  const web = startRole('web', { ...roleEnv('web', 1), API_URL: `${base}/api/v1` }, await freePort());
  const worker1 = startRole('worker1', roleEnv('worker', 1));
  startRole('worker2', roleEnv('worker', 2));
  await waitHealthy(`http://127.0.0.1:${api2.port}/api/v1/health`);

  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, nginxConfig(dir, lbPort, [api1.port!, api2.port!], web.port!));
  const nginx = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: 'ignore' });
  cleanups.push(async () => nginx.kill('SIGTERM'));
  await waitHealthy(`${base}/api/v1/health/ready`);
  await waitHealthy(`${base}/`, 180_000);

  // Users, signed in through the balancer; an admin for the lists.
  const api = `${base}/api/v1`;
  const post = (url: string, body: unknown, token?: string) =>
    fetch(`${api}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `load${i}.${Date.now()}@example.com`;
    await post('/auth/register', { email, password: 'secret123', full_name: `Load User ${i}` });
    tokens.push(
      ((await (await post('/auth/login', { email, password: 'secret123' })).json()) as { token: string })
        .token,
    );
  }
  const adminToken = (
    (await (await post('/admin/login', { username: 'admin', password: ADMIN_PASSWORD })).json()) as {
      access_token: string;
    }
  ).access_token;

  console.log(`Mixed load: ${USERS} users for ${DURATION_MS / 1000} s through nginx at ${base}`);
  const latencies: number[] = [];
  let errors = 0;
  let errorsOutside = 0;
  const errorKinds = new Map<string, number>();
  const accepted: number[] = [];
  const started = Date.now();
  const killAt = started + DURATION_MS / 3;
  let killedAt = 0;
  const inFault = (t: number) => killedAt > 0 && t >= killedAt && t <= killedAt + FAULT_WINDOW_MS;

  const timed = async (
    kind: string,
    run: () => Promise<Response>,
  ): Promise<{ status: number; text: string } | null> => {
    const t0 = Date.now();
    try {
      const res = await run();
      const text = await res.text();
      latencies.push(Date.now() - t0);
      if (res.status >= 500) throw new Error(`${res.status}`);
      return { status: res.status, text };
    } catch (err) {
      errors += 1;
      // Judged when it failed: a request in flight when its process was killed fails inside the window.
      if (!inFault(Date.now())) errorsOutside += 1;
      const key = `${kind}: ${(err as Error).message} at ${((t0 - started) / 1000).toFixed(1)} s`;
      errorKinds.set(key, (errorKinds.get(key) ?? 0) + 1);
      return null;
    }
  };

  const user = async (token: string) => {
    const auth = { authorization: `Bearer ${token}` };
    let reportId: number | null = null;
    let n = 0;
    while (Date.now() - started < DURATION_MS) {
      const roll = n++ % 10;
      if (roll < 3) await timed('browse', () => fetch(`${api}/reports`, { headers: auth }));
      else if (roll < 5) await timed('page', () => fetch(`${base}/`));
      else if (roll === 5) {
        const form = new FormData();
        // Unique content (a sample id), so a report made twice would show as a duplicate.
        const text = `Sample ${randomBytes(6).toString('hex')}\nHemoglobin ${(11 + Math.random() * 5).toFixed(1)} g/dL 13.0 - 17.0\nGlucose ${Math.round(80 + Math.random() * 60)} mg/dL 70 - 100\n`;
        form.append('file', new Blob([text], { type: 'text/plain' }), 'lab.txt');
        const key = randomBytes(12).toString('hex');
        const send = () =>
          timed('upload', () =>
            fetch(`${api}/reports/upload`, {
              method: 'POST',
              headers: { ...auth, 'Idempotency-Key': key },
              body: form,
            }),
          );
        // A failed upload is sent again with the same key, as the patient app's retry would be.
        const res = (await send()) ?? (await send());
        if (res?.status === 201) {
          reportId = (JSON.parse(res.text) as { id: number }).id;
          accepted.push(reportId);
        }
      } else if (roll === 6 && reportId)
        await timed('report', () => fetch(`${api}/reports/${reportId}`, { headers: auth }));
      else if (roll === 7 && reportId)
        await timed('chat', () =>
          fetch(`${api}/chats/`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ report_id: reportId, message: 'Is my sugar fine?' }),
          }),
        );
      else
        await timed('admin', () =>
          fetch(`${api}/admin/users/list?limit=20`, { headers: { authorization: `Bearer ${adminToken}` } }),
        );
      if (FAULTS && !killedAt && Date.now() >= killAt) {
        killedAt = Date.now();
        console.log(`  ${((killedAt - started) / 1000).toFixed(1)} s: SIGKILL to api1 and worker1`);
        api1.child.kill('SIGKILL');
        worker1.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(tokens.map(user));
  const elapsed = (Date.now() - started) / 1000;

  // Every accepted upload must be there, analysed (or failed with a reason) by the surviving worker.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let found = 0;
  let finished = 0;
  const settleFrom = Date.now();
  const settleUntil = settleFrom + 150_000;
  for (;;) {
    const rows = await client.query<{ status: string }>('SELECT status FROM reports WHERE id = ANY($1)', [
      accepted,
    ]);
    found = rows.rowCount ?? 0;
    finished = rows.rows.filter((r) => r.status === 'completed' || r.status === 'failed').length;
    if (finished === found || Date.now() > settleUntil) break;
    await sleep(1000);
  }
  const completed = Number(
    (
      await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM reports WHERE id = ANY($1) AND status = 'completed'",
        [accepted],
      )
    ).rows[0].n,
  );
  const duplicates = Number(
    (
      await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM (SELECT user_id, content_hash FROM reports GROUP BY 1, 2 HAVING count(*) > 1) d',
      )
    ).rows[0].n,
  );
  await client.end();

  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  console.log('');
  console.log(
    `load average         ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores)`,
  );
  console.log(
    `requests             ${latencies.length + errors} in ${elapsed.toFixed(1)} s = ${((latencies.length + errors) / elapsed).toFixed(1)} req/s`,
  );
  console.log(`latency ms           p50 ${pct(50)}  p95 ${pct(95)}  p99 ${pct(99)}`);
  console.log(
    `errors               ${errors} (${errors - errorsOutside} in the ${FAULT_WINDOW_MS / 1000} s fault window, ${errorsOutside} outside)`,
  );
  for (const [kind, n] of errorKinds) console.log(`  ${n} × ${kind}`);
  console.log(`uploads              accepted ${accepted.length}, found ${found}`);
  console.log(
    `analyses             completed ${completed}, finished ${finished} of ${found} (${((Date.now() - settleFrom) / 1000).toFixed(0)} s after the load)`,
  );
  console.log(`duplicates           ${duplicates}`);
  const ok = errorsOutside === 0 && found === accepted.length && duplicates === 0 && finished === found;
  if (errors) {
    // What the balancer saw, for the errors above.
    const log = await readFile(path.join(dir, 'nginx-error.log'), 'utf8').catch(() => '');
    const lines = log.trim().split('\n').filter(Boolean);
    if (lines.length)
      console.log(
        `nginx error log (last ${Math.min(5, lines.length)} of ${lines.length}):\n  ${lines.slice(-5).join('\n  ')}`,
      );
  }
  console.log(ok ? 'OK' : 'FAILED');
  return ok ? 0 : 1;
}

async function stopAll(): Promise<void> {
  for (const p of procs)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await Promise.all(
    procs.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
          const t = setTimeout(() => {
            p.child.kill('SIGKILL');
            resolve();
          }, 20_000);
          p.child.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
        }),
    ),
  );
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
}

main()
  .catch((err: unknown) => {
    console.error('scaleout:demo failed:', err instanceof Error ? err.message : err);
    return 1;
  })
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  });
