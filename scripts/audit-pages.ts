import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCall, signedUpUser, startFreshProduct } from './lib/product-client';
import type { RunningProduct } from './lib/product-server';

/**
 * `npm run audit:pages`: Lighthouse's mobile audit (its default: a phone screen, slow 4G and 4x CPU
 * slowdown) of / , /analyze, /login, /dashboard, /analysis/{id} and every /user/* page (issue 33's
 * list), on the real product with a signed-in user who
 * has a few analysed reports and chats. Prints performance and accessibility scores (and CLS) per
 * page; asserts nothing. Lighthouse drives Debian's chromium (CHROMIUM_PATH to change it), offline.
 * AUDIT_URL=<origin> audits a running server instead of starting one (it must allow registering);
 * AUDIT_PAGES=/analyze,/user/chats audits only those. A page with a layout shift lists the elements
 * that moved. The load average is printed: on a busy machine performance scores drop (CPU-bound).
 * Each page is audited AUDIT_RUNS times (default 3) and the median run is shown, picked by
 * Lighthouse's own computeMedianRun, as Lighthouse advises for its run-to-run variance (one run's
 * total blocking time moved between 12 and 1,000 ms for the same page); the lowest and highest
 * performance scores of the runs are printed beside it. AUDIT_JSON_DIR=<dir> also writes each run's
 * Lighthouse report there (<page>-<run>.json) for a closer look (bootup-time, long tasks, unused JS).
 */
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Math.trunc(Number(process.env.AUDIT_RUNS ?? 3)) || 3);
const PAGES = [
  '/',
  '/analyze',
  '/login',
  '/dashboard',
  '/analysis/{id}',
  '/user/dashboard',
  '/user/reports',
  '/user/chats',
  '/user/chats?tab=by-report',
  '/user/profile',
  '/user/preferences',
  '/user/subscription',
  '/user/trends',
  '/user/search?q=glucose',
  '/user/security',
  // A report shared with a doctor (opened with its PIN) and the printable summary: the ids are
  // the seeded user's, filled in by `resolve`.
  '/s/{token}',
  '/analysis/{id}/print',
];

async function start(): Promise<RunningProduct> {
  if (process.env.AUDIT_URL) return { base: process.env.AUDIT_URL.replace(/\/+$/, ''), stop: async () => {} };
  return startFreshProduct({ tag: 'audit', build: process.env.AUDIT_SKIP_BUILD !== '1' });
}

function lab(day: string, glucose: number): string {
  return [
    'CITY DIAGNOSTICS, PUNE',
    `Patient Name : Mr. Audit Patient            Collected On : ${day} 08:30`,
    'Test                                  | Result       | Unit           | Bio. Ref. Interval',
    '--------------------------------------+--------------+----------------+------------------------',
    `Glucose Fasting                       | ${glucose}          | mg/dL          | 70 - 100`,
  ].join('\n');
}

interface Seeded {
  token: string;
  reportId: number;
  /** '/s/{token}' of a link to the newest report, and the grant its PIN gave. */
  sharePath: string;
  grant: string;
}

/** The URL and cookie of a page of PAGES for the seeded user. */
function resolve(page: string, s: Seeded): { url: string; cookie?: string } {
  const session = `token=${encodeURIComponent(s.token)}`;
  if (page === '/s/{token}') return { url: s.sharePath, cookie: `rs_share=${s.grant}` };
  if (page === '/analysis/{id}/print') return { url: `/analysis/${s.reportId}/print`, cookie: session };
  if (page === '/analysis/{id}') return { url: `/analysis/${s.reportId}`, cookie: session };
  return { url: page, cookie: page.startsWith('/user') || page === '/dashboard' ? session : undefined };
}

/** A user with three analysed reports, a chat and a share link to the newest report. */
async function seed(base: string): Promise<Seeded> {
  const token = await signedUpUser(base, 'audit', 'Audit User');
  const ids: number[] = [];
  for (const [i, g] of [96, 118, 131].entries()) {
    const form = new FormData();
    form.append('file', new Blob([lab(`1${i}-Jan-2026`, g)], { type: 'text/plain' }), `glucose-${i + 1}.txt`);
    ids.push(
      (await apiCall<{ id: number }>(base, '/reports/upload', { method: 'POST', body: form, token })).id,
    );
  }
  for (const id of ids) {
    for (let n = 0; n < 240; n++) {
      const r = await apiCall<{ status: string }>(base, `/reports/${id}`, { token });
      if (r.status === 'completed' || r.status === 'failed') break;
      await new Promise((res) => setTimeout(res, 500));
    }
  }
  await apiCall(base, '/chats/', {
    method: 'POST',
    body: JSON.stringify({ report_id: ids[0], message: 'Is my glucose high?' }),
    token,
  }).catch(() => undefined);
  const reportId = ids[ids.length - 1];
  const link = await apiCall<{ path: string; pin: string }>(base, `/reports/${reportId}/share-links`, {
    method: 'POST',
    body: JSON.stringify({}),
    token,
  });
  const { grant } = await apiCall<{ grant: string }>(base, `/share/${link.path.slice(3)}/unlock`, {
    method: 'POST',
    body: JSON.stringify({ pin: link.pin }),
  });
  return { token, reportId, sharePath: link.path, grant };
}

type Lhr = NonNullable<Awaited<ReturnType<typeof import('lighthouse').default>>>['lhr'];

interface LayoutShiftItem {
  score?: number;
  node?: { selector?: string; snippet?: string };
}

async function main(): Promise<void> {
  let lighthouse: typeof import('lighthouse').default;
  let launch: typeof import('chrome-launcher').launch;
  let medianRun: typeof import('lighthouse/core/lib/median-run.js');
  try {
    lighthouse = (await import('lighthouse')).default;
    launch = (await import('chrome-launcher')).launch;
    medianRun = await import('lighthouse/core/lib/median-run.js');
  } catch (err) {
    console.log(`audit:pages skipped: lighthouse is not installed here (${(err as Error).message})`);
    return;
  }
  const product = await start();
  const chrome = await launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const seeded = await seed(product.base);
    const only = process.env.AUDIT_PAGES?.split(',').map((x) => x.trim());
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ');
    console.log(`load average before (1, 5, 15 min): ${load()} on ${os.cpus().length} CPUs`);
    console.log(`median of ${RUNS} run(s) per page`);
    console.log('page                          perf  a11y   CLS    LCP(ms)  TBT(ms)  perf of the runs');
    for (const page of PAGES.filter((p) => !only || only.includes(p))) {
      const { url, cookie } = resolve(page, seeded);
      const runs: Lhr[] = [];
      const failed: string[] = [];
      // A run Lighthouse itself could not measure (NO_NAVSTART: the trace lost the navigation,
      // now and then in headless Chromium) says nothing of the page: it is counted, not scored,
      // and another run takes its place, up to RUNS extra attempts.
      for (let run = 0; runs.length < RUNS && run < 2 * RUNS; run++) {
        const result = await lighthouse(
          product.base + url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
          },
          {
            extends: 'lighthouse:default',
            settings: { formFactor: 'mobile', extraHeaders: cookie ? { Cookie: cookie } : undefined },
          },
        );
        if (result?.lhr?.runtimeError) failed.push(result.lhr.runtimeError.code);
        else if (result?.lhr) runs.push(result.lhr);
        if (result?.lhr && process.env.AUDIT_JSON_DIR) {
          mkdirSync(process.env.AUDIT_JSON_DIR, { recursive: true });
          const name = page.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
          writeFileSync(
            path.join(process.env.AUDIT_JSON_DIR, `${name}-${run + 1}.json`),
            JSON.stringify(result.lhr),
          );
        }
      }
      const valid = medianRun.filterToValidRuns(runs);
      const lhr: Lhr | undefined = valid.length ? (medianRun.computeMedianRun(valid) as Lhr) : runs[0];
      if (!lhr) {
        console.log(`${page.padEnd(30)} no result (${failed.join(', ') || 'lighthouse answered nothing'})`);
        continue;
      }
      for (const w of lhr.runWarnings ?? []) console.log(`    warning: ${w.slice(0, 200)}`);
      const scoreOf = (r: Lhr, k: string) => Math.round((r.categories[k]?.score ?? 0) * 100);
      const score = (k: string) => scoreOf(lhr, k);
      const perfs = runs.map((r) => scoreOf(r, 'performance'));
      const num = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
      console.log(
        `${page.padEnd(30)}${String(score('performance')).padStart(4)}  ${String(score('accessibility')).padStart(4)}  ${num('cumulative-layout-shift').toFixed(3)}  ${String(Math.round(num('largest-contentful-paint'))).padStart(7)}  ${String(Math.round(num('total-blocking-time'))).padStart(7)}  ${Math.min(...perfs)}-${Math.max(...perfs)}${failed.length ? ` (${failed.length} unmeasured: ${failed.join(', ')})` : ''}`,
      );
      const failing = Object.values(lhr.audits).filter(
        (a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id) && a.score === 0,
      );
      for (const a of failing) console.log(`    a11y: ${a.id}: ${a.title}`);
      if (num('cumulative-layout-shift') > 0.01) {
        const items = (lhr.audits['layout-shifts']?.details as { items?: LayoutShiftItem[] } | undefined)
          ?.items;
        for (const it of items ?? [])
          console.log(
            `    shift ${it.score?.toFixed(3)}: ${it.node?.selector ?? '?'} ${(it.node?.snippet ?? '').slice(0, 100)}`,
          );
      }
    }
    console.log(`load average after: ${load()}`);
  } finally {
    chrome.kill();
    await product.stop();
  }
}

await main();
