// @ts-nocheck
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../api/src/routes';

/**
 * Every route of the table is named by at least one API test (the walk in route-table.test.ts
 * calls routes generically and does not count). A route is named when a test's string or
 * template literal holds its path, with anything standing in for each parameter.
 */
const TEST_DIR = import.meta.dirname;
const sources = readdirSync(TEST_DIR)
  .filter((f) => f.endsWith('.test.ts') && f !== 'route-table.test.ts' && f !== 'route-coverage.test.ts')
  .map((f) => readFileSync(path.join(TEST_DIR, f), 'utf8'));

// A parameter is written as an interpolation (`${id}`) or a literal number, so '/users/list' does
// not count as naming '/users/:id'.
const PARAM = '(?:\\$\\{[^}]+\\}|\\d[^/\'"`\\s]*)';

function pattern(routePath: string): RegExp {
  const body = routePath
    .split('/')
    .map((s) => (s.startsWith(':') ? PARAM : s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('/');
  // The path ends the literal, or a query string or a trailing slash follows.
  return new RegExp(`['"\`]${body}/?(?=['"\`?])`);
}

describe('route coverage', () => {
  it('names a route by its path with each parameter interpolated or numeric', () => {
    expect(pattern('/admin/users/:id/suspend').test('c.post(`/admin/users/${u.id}/suspend?reason=x`)')).toBe(
      true,
    );
    expect(pattern('/reports/:id').test("c.get('/reports/12')")).toBe(true);
    expect(pattern('/chats').test("c.post('/chats/', body)")).toBe(true);
    expect(pattern('/admin/users/:id').test("c.get('/admin/users/list')")).toBe(false);
    expect(pattern('/reports').test("c.get('/reports/12')")).toBe(false);
  });

  it('every route in the table is called by name in some API test', () => {
    const missing = ROUTES.filter((r) => !sources.some((src) => pattern(r.path).test(src))).map(
      (r) => `${r.method.toUpperCase()} ${r.path}`,
    );
    expect(missing).toEqual([]);
  });
});
