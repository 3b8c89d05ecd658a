import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connection';
import { copyColumn, inlineParameters, sqlLiteral } from './copy-out';

// The run's PostgreSQL server, provided by tests/global-setup.ts (declared there for the API tests).
declare module 'vitest' {
  export interface ProvidedContext {
    serverDbUrl: string;
  }
}

const compiled = (text: string, parameters: unknown[]) =>
  ({ sql: text, parameters }) as unknown as CompiledQuery;

describe('sqlLiteral and inlineParameters', () => {
  it('writes each kind of value as the literal PostgreSQL reads back as that value', () => {
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral('a\\b')).toBe(" E'a\\\\b'");
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral(-1.5)).toBe("'-1.5'");
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(new Date('2026-01-02T03:04:05.678Z'))).toBe("'2026-01-02T03:04:05.678Z'");
  });

  it('refuses what it cannot write exactly', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral(Infinity)).toThrow();
    expect(() => sqlLiteral(new Date('nope'))).toThrow();
    expect(() => sqlLiteral({ a: 1 })).toThrow();
    expect(() => sqlLiteral([1, 2])).toThrow();
  });

  it('replaces every $n once, never inside a value it wrote, and refuses a missing one', () => {
    expect(inlineParameters(compiled('select $1, $2, $10', ['$2', 'x', 'ten', 4, 5, 6, 7, 8, 9, 10]))).toBe(
      "select '$2', 'x', '10'",
    );
    expect(() => inlineParameters(compiled('select $2', ['a']))).toThrow('no value for $2');
  });
});

describe('copyColumn', () => {
  let h: DatabaseHandle;
  beforeAll(() => {
    h = connectDatabase(inject('serverDbUrl'), { max: 2 });
  });
  afterAll(async () => {
    await h.close();
  });

  /** The same one-column query read normally and through COPY: the texts must be equal. */
  async function both(query: ReturnType<typeof sql<{ v: string | null }>>) {
    const normal = (await query.execute(h.db)).rows.map((r) => r.v ?? '');
    const copied: string[] = [];
    for await (const values of copyColumn(h.db, query.compile(h.db)))
      for (const v of values) copied.push(v.toString('utf8'));
    return { normal, copied };
  }

  it('yields every row value byte for byte, in order, with bound values written in', async () => {
    const tricky = 'it\'s \\ "quoted", तिरंगा 🙂\r\n\ttab';
    const { normal, copied } = await both(sql<{ v: string | null }>`
      SELECT CASE WHEN g % 7 = 0 THEN NULL ELSE ${tricky} || ' ' || g || repeat('x', g % 300) END AS v
        FROM generate_series(1, ${5000}) g
       WHERE g > ${0} ORDER BY g`);
    expect(copied).toHaveLength(5000);
    expect(copied).toEqual(normal);
    expect(copied[0]).toBe(`${tricky} 1x`);
    expect(copied[6]).toBe('');
  });

  it('rows larger than a network chunk arrive whole', async () => {
    const { normal, copied } = await both(
      sql<{ v: string }>`SELECT repeat(chr(65 + g), 200000) AS v FROM generate_series(0, 3) g ORDER BY g`,
    );
    expect(copied.map((v) => v.length)).toEqual([200000, 200000, 200000, 200000]);
    expect(copied).toEqual(normal);
  });

  it('an error in the query rejects, and the pool goes on working', async () => {
    const bad = sql<{ v: string }>`SELECT (1 / (g - 3))::text AS v FROM generate_series(1, 5) g`.compile(
      h.db,
    );
    await expect(
      (async () => {
        for await (const values of copyColumn(h.db, bad)) void values;
      })(),
    ).rejects.toThrow(/division by zero/);
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(h.db)).rows[0].one).toBe(1);
  });

  it('a reader that stops early closes the connection instead of returning it mid-COPY', async () => {
    const q = sql<{ v: string }>`SELECT g::text AS v FROM generate_series(1, 5000000) g`.compile(h.db);
    let seen = 0;
    for await (const values of copyColumn(h.db, q)) {
      seen += values.length;
      break;
    }
    expect(seen).toBeGreaterThan(0);
    expect(h.pool.totalCount).toBeLessThanOrEqual(1);
    // Both connections of the pool still serve queries (none is stuck in a COPY).
    const rows = await Promise.all(
      [1, 2].map((n) => sql<{ n: number }>`SELECT ${n}::int AS n`.execute(h.db)),
    );
    expect(rows.map((r) => r.rows[0].n)).toEqual([1, 2]);
  });
});
