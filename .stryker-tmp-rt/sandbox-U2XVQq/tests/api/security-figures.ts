// @ts-nocheck
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Figures the security tests print through `npm run test:security` (scripts/test-security.ts):
 * each test appends its counts to a JSON-lines file named by SECURITY_FIGURES_DIR; without it
 * (plain `npm test`) nothing is written.
 */
export function recordFigures(name: string, figures: Record<string, unknown>): void {
  const dir = process.env.SECURITY_FIGURES_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'figures.jsonl'), `${JSON.stringify({ name, ...figures })}\n`);
}

/** Bigger budgets under `npm run test:security`, bounded ones in `npm test`. */
export const FULL = process.env.SECURITY_FULL === '1';
