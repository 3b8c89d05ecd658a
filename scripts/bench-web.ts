import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { treeCpuMs } from './lib/tree-cpu';
import { apiCall, signedUpUser, startFreshProduct } from './lib/product-client';
import { REPO_ROOT } from './lib/product-server';

/**
 * `npm run bench:web`: server response time and JavaScript weight of the patient app's pages.
 * For / (signed out), /dashboard (a user with 50 reports and 10 chats), /analysis/{id} (a completed
 * report), its printable summary, the report shared with a doctor (/s/{token}, opened with its PIN)
 * and every /user/* page of the panel: median and p95 over 200 sequential requests (after 20
 * warm-up requests), and the gzip size of the JavaScript each page loads (its module scripts and
 * modulepreloads), and the CPU time the product's processes (node and its embedded PostgreSQL)
 * spent per request, which other tenants of a shared machine do not inflate as they do wall-clock
 * times. Prints figures and the machine's load, asserts nothing.
 * BENCH_URL=<origin> measures a running server instead of starting one (BENCH_PID=<the pid
 * of the process that started it> for the CPU column).
 */
const FIXTURES = process.env.E2E_FIXTURES ?? path.resolve(REPO_ROOT, '../shared/fixtures/reports');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const REPORTS = 50;
const CHATS = 10;

/** A user with 50 reports from the small TXT fixtures, all analysed; returns the token and one report's id. */
async function seed(base: string): Promise<{ token: string; completedId: number }> {
  const token = await signedUpUser(base, 'bench', 'Bench User');
  // The Free plan allows 30 analyses a month (decision 061): the bench user pays for Plus through
  // the offline sandbox gateway first.
  const upgrade = await apiCall<{ order: { order_id: string } }>(base, '/user/subscription/upgrade', {
    method: 'POST',
    body: JSON.stringify({ plan: 'plus', gateway: 'sandbox' }),
    token,
  });
  await apiCall(base, '/payment/verify', {
    method: 'POST',
    body: JSON.stringify({ gateway: 'sandbox', transaction_data: { order_id: upgrade.order.order_id } }),
    token,
  });
  const txts = readdirSync(FIXTURES).filter((f) => /^report_\d+\.txt$/.test(f));
  const ids: number[] = [];
  for (let i = 0; i < REPORTS; i++) {
    const name = txts[i % txts.length];
    const form = new FormData();
    form.append('file', new Blob([readFileSync(path.join(FIXTURES, name))], { type: 'text/plain' }), name);
    const created = await apiCall<{ id: number }>(base, '/reports/upload', {
      method: 'POST',
      body: form,
      token,
    });
    ids.push(created.id);
  }
  // Let every analysis finish (up to 5 minutes): timings taken while the worker is busy measure the worker.
  const deadline = Date.now() + 300_000;
  for (;;) {
    const { reports } = await apiCall<{ reports: { id: number; status: string }[] }>(base, '/reports', {
      token,
    });
    const busy = reports.filter((r) => r.status === 'pending' || r.status === 'processing').length;
    if (busy === 0) break;
    if (Date.now() > deadline) throw new Error(`${busy} analyses still running after 5 minutes`);
    await new Promise((res) => setTimeout(res, 1000));
  }
  const first = await apiCall<{ status: string }>(base, `/reports/${ids[0]}`, { token });
  if (first.status !== 'completed') throw new Error(`report ${ids[0]} ended ${first.status}`);
  // A few conversations, so Chat History and the search have something to show.
  for (let i = 0; i < CHATS; i++)
    await apiCall(base, '/chats', {
      method: 'POST',
      body: JSON.stringify({ report_id: ids[i % 3], message: `What does my glucose result mean? (${i})` }),
      token,
    });
  return { token, completedId: ids[0] };
}

function percentile(sorted: number[], p: number): number {
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)];
}

async function timePage(
  url: string,
  headers: Record<string, string>,
  rootPid: number | null,
): Promise<{ median: number; p95: number; cpu: number | null; html: string }> {
  let html = '';
  for (let i = 0; i < WARMUP; i++) html = await (await fetch(url, { headers })).text();
  const times: number[] = [];
  const cpu0 = rootPid === null ? null : treeCpuMs(rootPid);
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers, redirect: 'manual' });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  }
  const cpu1 = rootPid === null ? null : treeCpuMs(rootPid);
  times.sort((a, b) => a - b);
  const cpu = cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / REQUESTS;
  return { median: percentile(times, 50), p95: percentile(times, 95), cpu, html };
}

/** Every JS module the page loads up front: its module scripts, imports and modulepreloads. */
async function pageJs(base: string, html: string): Promise<{ files: number; raw: number; gzip: number }> {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]);
  let raw = 0;
  let gzip = 0;
  for (const u of urls) {
    const body = Buffer.from(await (await fetch(new URL(u, base))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 6 }).length;
  }
  return { files: urls.size, raw, gzip };
}

/** The signed-in panel: every page, a filtered list and both chat views. */
const USER_PAGES = [
  '/user/dashboard',
  '/user/reports',
  '/user/reports?status=completed&sort_by=filename&sort_order=asc&page=2',
  '/user/chats',
  '/user/chats?tab=by-report',
  '/user/profile',
  '/user/preferences',
  '/user/subscription',
  '/user/trends',
  '/user/search?q=glucose',
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const cpuMs = (n: number | null) => (n === null ? '-' : ms(n));

async function main() {
  const given = process.env.BENCH_URL;
  const product = given
    ? {
        base: given.replace(/\/+$/, ''),
        pid: process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null,
        stop: async () => undefined,
      }
    : await startFreshProduct({ tag: 'bench', build: true });
  const rootPid = product.pid;
  try {
    console.log(`bench:web against ${product.base}: seeding a user with ${REPORTS} reports…`);
    const { token, completedId } = await seed(product.base);
    const cookie = `token=${encodeURIComponent(token)}`;
    const asUser = { Cookie: cookie };
    // A doctor's view of the report: the link, its PIN once, then the grant cookie of a browser.
    const link = await apiCall<{ path: string; pin: string }>(
      product.base,
      `/reports/${completedId}/share-links`,
      {
        method: 'POST',
        body: JSON.stringify({}),
        token,
      },
    );
    const shareToken = link.path.slice(3);
    const { grant } = await apiCall<{ grant: string }>(product.base, `/share/${shareToken}/unlock`, {
      method: 'POST',
      body: JSON.stringify({ pin: link.pin }),
    });
    const pages: [string, string, Record<string, string>][] = [
      ['/', `${product.base}/`, {}],
      [`/dashboard (${REPORTS} reports)`, `${product.base}/dashboard`, asUser],
      [`/analysis/${completedId}`, `${product.base}/analysis/${completedId}`, asUser],
      [`/analysis/${completedId}/print`, `${product.base}/analysis/${completedId}/print`, asUser],
      ['/s/{token} (shared, opened)', `${product.base}${link.path}`, { Cookie: `rs_share=${grant}` }],
      ...USER_PAGES.map((p): [string, string, Record<string, string>] => [p, `${product.base}${p}`, asUser]),
    ];
    const rows: string[][] = [
      ['page', 'median', 'p95', 'CPU/req', 'HTML gzip', 'JS files', 'JS raw', 'JS gzip'],
    ];
    for (const [label, url, c] of pages) {
      const t = await timePage(url, c, rootPid);
      const js = await pageJs(product.base, t.html);
      rows.push([
        label,
        ms(t.median),
        ms(t.p95),
        cpuMs(t.cpu),
        kb(gzipSync(Buffer.from(t.html)).length),
        String(js.files),
        kb(js.raw),
        kb(js.gzip),
      ]);
    }
    // The API calls behind those pages, alone, to show where the page time goes.
    const bearer = { Authorization: `Bearer ${token}` };
    for (const p of ['/auth/me', '/reports', `/reports/${completedId}`]) {
      const t = await timePage(`${product.base}/api/v1${p}`, bearer, rootPid);
      rows.push([`  API GET ${p}`, ms(t.median), ms(t.p95), cpuMs(t.cpu), '', '', '', '']);
    }
    const shared = await timePage(
      `${product.base}/api/v1/share/${shareToken}`,
      { 'X-Share-Grant': grant },
      rootPid,
    );
    rows.push([
      '  API GET /share/{token}',
      ms(shared.median),
      ms(shared.p95),
      cpuMs(shared.cpu),
      '',
      '',
      '',
      '',
    ]);
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    const load = os.loadavg().map((n) => n.toFixed(2));
    console.log(`\n${REQUESTS} sequential requests per page after ${WARMUP} warm-up; gzip level 6`);
    console.log(`load average at the end (1, 5, 15 min): ${load.join(', ')} on ${os.cpus().length} CPUs`);
    for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i])).join('  '));
    console.log(
      "\nCPU/req: CPU time of the product's processes (node, embedded PostgreSQL) during the timed requests, per request.",
    );
    console.log('Targets (not asserted): p95 < 50 ms; home page JS < 120 KB gzip.');
  } finally {
    await product.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
