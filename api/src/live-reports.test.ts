import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * "A live report" is written once, in db/src/live.ts (decision 171): no module of the API spells
 * the soft-delete filter out by hand, so a change to what "deleted" means is one change.
 */
const HAND_WRITTEN = [
  /status'?,\s*'!=',\s*'deleted'/,
  /status\s*(<>|!=)\s*'deleted'/i,
  /deleted_at'?,\s*'is',\s*null/,
  /deleted_at\s+is\s+null/i,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('one liveReports()', () => {
  it('no API module writes the live-report filter by hand', () => {
    const root = path.dirname(new URL(import.meta.url).pathname);
    const found = sources(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => HAND_WRITTEN.some((re) => re.test(line)))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
