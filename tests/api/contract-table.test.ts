import { describe, expect, it } from 'vitest';
import { contract, type Endpoint } from '@reportsaathi/contracts';
import { ROUTES } from '../../api/src/routes';

/**
 * Every route the API mounts implements an entry of the endpoint table (contracts/src/contract.ts):
 * the same method, path and access, and a response schema its answers are checked against. A
 * route declared any other way would be a path written twice, which this test refuses.
 */
const entries: Endpoint[] = Object.values(contract).flatMap((group) => Object.values(group) as Endpoint[]);
const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

describe('the endpoint table', () => {
  it('implements every mounted route from an entry, with its access and a response schema', () => {
    const byKey = new Map(entries.map((e) => [key(e), e]));
    const off = ROUTES.filter((r) => {
      const entry = byKey.get(key(r));
      return !entry || entry.access !== r.access || !r.response || r.response !== entry.response;
    }).map(key);
    expect(off).toEqual([]);
  });

  it('has no entry the API does not implement, and no address twice', () => {
    const mounted = new Set(ROUTES.map(key));
    expect(entries.map(key).filter((k) => !mounted.has(k))).toEqual([]);
    expect(new Set(entries.map(key)).size).toBe(entries.length);
  });
});
