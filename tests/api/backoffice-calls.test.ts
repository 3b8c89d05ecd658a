import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../api/src/routes';

/**
 * The back office reaches the API only through the typed contracts client: no API path written in
 * its sources, no `useCustom({ url })`, and no `as never` to quiet the types the client gives.
 */
const SRC = path.join(import.meta.dirname, '../../backoffice/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sources = sourceFiles(SRC).map((file) => ({
  file: path.relative(SRC, file),
  text: readFileSync(file, 'utf8'),
}));

// A literal holding an API path, each parameter written as an interpolation or a number. (A
// ':name' parameter is how the SPA writes its own page routes, such as '/reports/:id'.)
const PARAM = '(?:\\$\\{[^}]+\\}|\\d[^/\'"`\\s]*)';
function apiPathLiteral(routePath: string): RegExp {
  const body = routePath
    .split('/')
    .map((s) => (s.startsWith(':') ? PARAM : s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('/');
  return new RegExp(`['"\`](?:/api/v1)?${body}/?(?=['"\`?$])`);
}

describe('the back office calls the API through the contracts client', () => {
  it('recognises an API path however it is written', () => {
    expect(apiPathLiteral('/admin/users/:id').test('apiCall(`/admin/users/${id}`)')).toBe(true);
    expect(apiPathLiteral('/admin/stats').test("useCustom({ url: '/admin/stats' })")).toBe(true);
    expect(apiPathLiteral('/admin/users/list').test("path: '/api/v1/admin/users/list?x'")).toBe(true);
    // The SPA's own page routes are not API paths.
    expect(apiPathLiteral('/admin/users/:id').test("navigate('/users/7')")).toBe(false);
    expect(apiPathLiteral('/reports/:id').test("show: '/reports/:id'")).toBe(false);
  });

  it('writes no API path, no useCustom and no `as never`', () => {
    expect(sources.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { file, text } of sources) {
      for (const route of ROUTES)
        if (apiPathLiteral(route.path).test(text)) found.push(`${file}: ${route.method} ${route.path}`);
      if (/\buseCustom\b/.test(text)) found.push(`${file}: useCustom`);
      if (/\bas never\b/.test(text)) found.push(`${file}: as never`);
    }
    expect(found).toEqual([]);
  });
});
