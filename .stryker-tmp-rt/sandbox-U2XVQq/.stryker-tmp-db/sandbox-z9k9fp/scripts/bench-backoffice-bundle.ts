// @ts-nocheck
// 
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * `npm run bench:backoffice-bundle`: how much compressed JavaScript the back office downloads,
 * from the Vite manifest of backoffice/dist (run `npm run build -w @reportsaathi/backoffice` first).
 * A screen's first load is the entry chunk plus everything its route's chunks import statically
 * (what the browser must fetch before the screen shows); the target is under 1 MB of gzip.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'backoffice/dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
const LIMIT_BYTES = 1024 * 1024;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

if (!existsSync(MANIFEST)) {
  console.error(`${MANIFEST} is missing: run npm run build -w @reportsaathi/backoffice first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;

const gzipCache = new Map<string, number>();
function gzipped(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The chunk files a set of manifest keys loads before running: themselves and their static imports. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk ${key} in the manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');
const bySource = (src: string) => {
  const key = Object.keys(manifest).find((k) => k === src || manifest[k]?.src === src);
  if (!key) throw new Error(`No chunk for ${src} (renamed?)`);
  return key;
};

const screens: [string, string[]][] = [
  ['/admin/login', ['src/pages/login/index.tsx']],
  [
    '/admin/dashboard',
    [
      'src/components/admin-layout.tsx',
      'src/components/permission-guard.tsx',
      'src/pages/dashboard/index.tsx',
    ],
  ],
  [
    '/admin/users',
    ['src/components/admin-layout.tsx', 'src/components/permission-guard.tsx', 'src/pages/users/list.tsx'],
  ],
  [
    '/admin/users/:id',
    ['src/components/admin-layout.tsx', 'src/components/permission-guard.tsx', 'src/pages/users/show.tsx'],
  ],
  [
    '/admin/data/reports',
    ['src/components/admin-layout.tsx', 'src/components/permission-guard.tsx', 'src/pages/reports/list.tsx'],
  ],
  [
    '/admin/reports/:id',
    ['src/components/admin-layout.tsx', 'src/components/permission-guard.tsx', 'src/pages/reports/show.tsx'],
  ],
  [
    '/admin/data/chats',
    ['src/components/admin-layout.tsx', 'src/components/permission-guard.tsx', 'src/pages/chats/list.tsx'],
  ],
  [
    '/admin/admins',
    ['src/components/admin-layout.tsx', 'src/components/permission-guard.tsx', 'src/pages/admins/list.tsx'],
  ],
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let worst = 0;
console.log('Back office first load per screen (gzip -9 of the JS and CSS fetched before it shows):');
for (const [route, sources] of screens) {
  const files = closure([entryKey, ...sources.map(bySource)]);
  const js = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0);
  const css = [...files].filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipped(f), 0);
  worst = Math.max(worst, js);
  console.log(
    `  ${route.padEnd(22)} JS ${kb(js).padStart(9)}  CSS ${kb(css).padStart(7)}  (${files.size} files)`,
  );
}
const allJs = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file, index, list) => file.endsWith('.js') && list.indexOf(file) === index)
  .reduce((sum, file) => sum + gzipped(file), 0);
console.log(`  all chunks together    JS ${kb(allJs).padStart(9)}`);
console.log(`Largest first load: ${kb(worst)} of compressed JS (limit ${kb(LIMIT_BYTES)}).`);
process.exit(worst < LIMIT_BYTES ? 0 : 1);
