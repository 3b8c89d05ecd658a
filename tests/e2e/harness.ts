import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Route,
} from 'playwright-core';
import { treeCpuSeconds } from '../../scripts/lib/process-cpu';

/**
 * A small browser-test harness on playwright-core (no test-runner download, no browser download):
 * journeys register with test(), run one after another against BASE_URL, each in fresh browser
 * contexts, and the run prints one summary line with the counts.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface TestContext {
  base: string;
  /** A page in a fresh context (its own cookies and storage); closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

interface TestCase {
  name: string;
  run: (ctx: TestContext) => Promise<void>;
}

const tests: TestCase[] = [];

export function test(name: string, run: (ctx: TestContext) => Promise<void>): void {
  tests.push({ name, run });
}

export class AssertionError extends Error {}

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

/** Wait until some element shows the text (substring, or a pattern). */
export async function seeText(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  try {
    await page.getByText(text).first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new AssertionError(`Expected to see ${String(text)} on ${page.url()}`);
  }
}

/**
 * Runs `navigate` with the page's scripts held back, then `meanwhile` on the server's HTML (a
 * visitor on a slow phone types before the JavaScript arrives), then lets the scripts load and
 * waits until React has taken the page over (root.tsx marks <html data-hydrated>).
 */
export async function beforeHydration(
  page: Page,
  navigate: () => Promise<unknown>,
  meanwhile: () => Promise<void>,
): Promise<void> {
  const held: Route[] = [];
  let released = false;
  const hold = (route: Route) => {
    const request = route.request();
    const script = request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js');
    if (script && !released) held.push(route);
    else void route.continue();
  };
  await page.route('**/*', hold);
  try {
    await navigate();
    await meanwhile();
  } finally {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute('**/*', hold);
  }
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  // Let the effects' state updates render before the caller reads the page.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

/**
 * Waits (bounded) until no finite animation is running: a dialog still zooming in is not yet where
 * a person would click or type.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** axe-core scan: no serious or critical violation is allowed. */
export async function axeScan(page: Page, label: string): Promise<void> {
  // A scan mid-animation judges frames no one reads: a toast fading out fails colour contrast, a
  // closing list's options fail ARIA rules.
  await animationsDone(page);
  // A toast (antd's message or notification) can start fading while axe runs, which takes longer than
  // the gap before its fade: wait (bounded) until the back office's toasts have gone.
  await page
    .waitForFunction(
      () => !document.querySelector('.ant-message-notice, .ant-notification-notice'),
      undefined,
      {
        timeout: 6_000,
      },
    )
    .catch(() => undefined);
  // Legacy mode (decision 269): axe.run() in the page itself. The default runs axe.runPartial() in
  // each frame and then axe.finishRun() in a blank page it opens for the purpose, which is a new
  // renderer that loads axe again: about 1 CPU-s a scan, for cross-origin frames, which no page of
  // ours has (same-origin frames are still scanned). Same rules, same tags, same violations.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const lines = bad.map(
      (v) => `  ${v.impact} ${v.id}: ${v.help} (${v.nodes.length}x, e.g. ${v.nodes[0]?.target.join(' ')})`,
    );
    throw new AssertionError(`Accessibility violations on ${label}:\n${lines.join('\n')}`);
  }
}

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Whether this runner takes the journey at `index` of the selection. Alone, it takes every one.
 * In a lane of scripts/run-e2e.ts (E2E_CLAIM_DIR set, decision 254), the runners of all lanes walk
 * the same list in the same order and take a journey by creating its folder in the shared claim
 * folder: mkdir succeeds for exactly one of them, so each journey runs once, on one lane.
 */
function claim(index: number): boolean {
  const dir = process.env.E2E_CLAIM_DIR;
  if (!dir) return true;
  try {
    mkdirSync(path.join(dir, String(index)));
    return true;
  } catch {
    return false;
  }
}

/**
 * What a journey cost in CPU seconds beside its wall time (decision 263): this runner with its
 * browser, and the product (E2E_PRODUCT_PID: run.ts sets it in a lane of scripts/run-e2e.ts).
 * A journey whose CPU is far below its wall time waited; one near it (a lane has about one core)
 * was busy.
 */
function cpuMeter(): () => JourneyCpu {
  const product = Number(process.env.E2E_PRODUCT_PID) || null;
  const read = (): JourneyCpu => ({
    browser: treeCpuSeconds(process.pid),
    product: product === null ? null : treeCpuSeconds(product),
  });
  const start = read();
  return () => {
    const end = read();
    const delta = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
    return { browser: delta(start.browser, end.browser), product: delta(start.product, end.product) };
  };
}

/** CPU seconds of a journey (or a lane's journeys): null where they could not be read. */
export interface JourneyCpu {
  /** This runner and its browser. */
  browser: number | null;
  /** The product under test. */
  product: number | null;
}

function cpuText(cpu: JourneyCpu): string {
  const parts = [
    cpu.browser !== null && `runner+browser ${cpu.browser.toFixed(1)}`,
    cpu.product !== null && `product ${cpu.product.toFixed(1)}`,
  ].filter(Boolean);
  return parts.length ? `; CPU-s: ${parts.join(', ')}` : '';
}

/** `target`: the product's address, or its promise (the browser launches while it starts). */
export async function runAll(
  target: string | Promise<string>,
  filter?: string,
): Promise<{ passed: number; failed: number; cpu: JourneyCpu }> {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const base = await Promise.resolve(target).catch(async (err: unknown) => {
    await browser.close();
    throw err;
  });
  // E2E_FILTER may name several parts, separated by '|': a journey whose name contains any of them runs.
  const parts = (filter ?? '').toLowerCase().split('|').filter(Boolean);
  const selected = tests.filter((t) => !parts.length || parts.some((p) => t.name.toLowerCase().includes(p)));
  let passed = 0;
  let failed = 0;
  const cpuTotal: JourneyCpu = { browser: null, product: null };
  const add = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);
  const started = Date.now();
  try {
    for (const [index, t] of selected.entries()) {
      if (!claim(index)) continue;
      const contexts: BrowserContext[] = [];
      const ctx: TestContext = {
        base,
        async newPage(options) {
          const context = await browser.newContext({ baseURL: base, ...options });
          context.setDefaultTimeout(15_000);
          contexts.push(context);
          return context.newPage();
        },
      };
      const t0 = Date.now();
      const cpu = cpuMeter();
      try {
        await t.run(ctx);
        passed += 1;
        const used = cpu();
        cpuTotal.browser = add(cpuTotal.browser, used.browser);
        cpuTotal.product = add(cpuTotal.product, used.product);
        console.log(`  ✓ ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s${cpuText(used)})`);
      } catch (err) {
        failed += 1;
        console.log(
          `  ✗ ${t.name}\n    ${err instanceof Error ? err.message : String(err)}`.replace(/\n/g, '\n    '),
        );
        for (const [i, c] of contexts.entries()) {
          for (const [j, p] of c.pages().entries()) {
            const file = `test-results/e2e-${t.name.replace(/\W+/g, '-')}-${i}-${j}.png`;
            await p.screenshot({ path: file, fullPage: true }).catch(() => undefined);
          }
        }
      } finally {
        for (const c of contexts) await c.close().catch(() => undefined);
      }
    }
  } finally {
    await browser.close();
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const lane = process.env.E2E_LANE ? ` on lane ${process.env.E2E_LANE}` : '';
  console.log(`\ne2e: ${passed} passed, ${failed} failed${lane}, of ${selected.length} selected (${secs} s)`);
  return { passed, failed, cpu: cpuTotal };
}

/**
 * Waits for a report's analysis to finish (the API's status, polled), and fails the journey
 * unless it completed.
 */
export async function waitForAnalysis(base: string, id: number, token: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  let status = '';
  while (Date.now() < deadline) {
    const r = await fetch(`${base}/api/v1/reports/${id}`, { headers: { authorization: `Bearer ${token}` } });
    status = ((await r.json()) as { status: string }).status;
    if (status === 'completed' || status === 'failed') break;
    await new Promise((ok) => setTimeout(ok, 400));
  }
  expect(status === 'completed', `report ${id} is ${status}`);
}
