import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import {
  boolParam,
  containsPattern,
  containsText,
  dateParam,
  enumParam,
  idFilter,
  listQuery,
  optionalWholeParam,
  pageFields,
  searchParam,
  totalPages,
  userPageFields,
  wholeParam,
} from './list-query';

// Schemas are built inside each test, so the mutation run sees which test covers which rule.
const users = () =>
  listQuery(['created_at', 'email'], {}, { status: enumParam('status', ['active', 'inactive']) });

/** The first message of a refused input. */
function message(
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  v: unknown,
) {
  return schema.safeParse(v).error?.issues[0].message;
}

describe('listQuery', () => {
  it('defaults to page 1, 20 rows, newest first', () => {
    expect(users().parse({})).toEqual({
      page: 1,
      limit: 20,
      offset: 0,
      sort_by: 'created_at',
      sort_order: 'desc',
      search: undefined,
      from: undefined,
      to: undefined,
      status: undefined,
    });
    expect(users().parse({ page: null, limit: '', sort_by: '', sort_order: '' })).toMatchObject({
      page: 1,
      limit: 20,
      sort_by: 'created_at',
      sort_order: 'desc',
    });
  });

  it('turns page into an offset and keeps extra filters', () => {
    expect(users().parse({ page: '3', limit: '10', status: 'active' })).toMatchObject({
      page: 3,
      limit: 10,
      offset: 20,
      status: 'active',
    });
  });

  it('refuses out-of-range and non-integer paging with a message naming the key and the bound', () => {
    const q = users();
    expect(message(q, { sort_by: 'password_hash' })).toBe('sort_by must be one of: created_at, email');
    expect(message(q, { limit: '100000' })).toBe('limit must be at most 100');
    expect(message(q, { limit: '0' })).toBe('limit must be at least 1');
    expect(message(q, { page: '-1' })).toBe('page must be at least 1');
    expect(message(q, { page: '1000001' })).toBe('page must be at most 1000000');
    expect(message(q, { page: 'abc' })).toBe('page must be a whole number');
    expect(message(q, { page: '1.5' })).toBe('page must be a whole number');
    expect(message(q, { offset: '-1' })).toBe('offset must be at least 0');
    expect(message(q, { status: 'deleted' })).toBe('status must be one of: active, inactive');
    expect(q.parse({ page: '1000000', limit: '100' })).toMatchObject({ page: 1000000, limit: 100 });
  });

  it('sorts by a named column in either order, any case', () => {
    expect(users().parse({ sort_by: 'email', sort_order: 'ASC' })).toMatchObject({
      sort_by: 'email',
      sort_order: 'asc',
    });
    expect(users().parse({ sort_order: 'desc' }).sort_order).toBe('desc');
    expect(message(users(), { sort_order: 'up' })).toBe('sort_order must be asc or desc');
    expect(message(users(), { sort_order: 1 })).toBe('sort_order must be asc or desc');
    expect(listQuery(['email', 'created_at']).parse({}).sort_by).toBe('created_at');
    const named = listQuery(['email', 'name']);
    expect(named.parse({}).sort_by).toBe('email');
    const chosen = listQuery(['email', 'name'], { defaultSort: 'name', defaultOrder: 'asc' });
    expect(chosen.parse({})).toMatchObject({ sort_by: 'name', sort_order: 'asc' });
  });

  it('treats empty filters as absent and trims the search', () => {
    expect(users().parse({ search: '  ', status: '', date_from: '' })).toMatchObject({
      search: undefined,
      status: undefined,
      from: undefined,
    });
    expect(users().parse({ search: '  anita  ', status: 'all' })).toMatchObject({
      search: 'anita',
      status: undefined,
    });
  });

  it('takes a whole day for date_to and refuses from after to', () => {
    const q = users();
    const r = q.parse({ date_from: '2026-01-01', date_to: '2026-01-01' });
    expect(r.from?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    const bad = q.safeParse({ date_from: '2026-02-01', date_to: '2026-01-01' }).error?.issues[0];
    expect(bad?.message).toBe('date_from must not be after date_to');
    expect(bad?.path).toEqual(['date_from']);
    expect(message(q, { date_from: '31/01/2026' })).toBe('date_from must be a date like 2026-01-31');
    expect(message(q, { date_to: '2026-13-45' })).toBe('date_to is not a valid date');
  });

  it('takes timestamps as instants, and an empty range between them is refused', () => {
    const q = users();
    const r = q.parse({ date_from: '2026-01-01T10:00:00Z', date_to: '2026-01-01T12:30:00Z' });
    expect(r.from?.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2026-01-01T12:30:00.000Z');
    expect(message(q, { date_from: '2026-01-01T10:00:00Z', date_to: '2026-01-01T10:00:00Z' })).toBe(
      'date_from must not be after date_to',
    );
  });

  it('uses the date keys a call names', () => {
    const q = listQuery(['created_at'], { dateKeys: ['start_date', 'end_date'] });
    const r = q.parse({ start_date: '2026-03-01', end_date: '2026-03-02' });
    expect(r.from?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    const bad = q.safeParse({ start_date: '2026-03-05', end_date: '2026-03-02' }).error?.issues[0];
    expect([bad?.message, bad?.path]).toEqual(['start_date must not be after end_date', ['start_date']]);
    expect(q.parse({ date_from: '2026-03-05', date_to: '2026-03-02' }).from).toBeUndefined();
  });

  it('supports per_page, its own limits and offset paging', () => {
    const per = listQuery(['created_at'], { limitKey: 'per_page' });
    expect(per.parse({ per_page: '50', page: '2' })).toMatchObject({ limit: 50, offset: 50 });
    expect(message(per, { per_page: '101' })).toBe('per_page must be at most 100');
    const big = listQuery(['created_at'], { maxLimit: 500, defaultLimit: 200 });
    expect(big.parse({}).limit).toBe(200);
    expect(big.parse({ limit: '500' }).limit).toBe(500);
    expect(message(big, { limit: '501' })).toBe('limit must be at most 500');
    const off = listQuery(['created_at'], { offsetPaging: true, defaultLimit: 50 });
    expect(off.parse({ offset: '100' })).toMatchObject({ limit: 50, offset: 100, page: 3 });
    expect(off.parse({ offset: '149' })).toMatchObject({ offset: 149, page: 3 });
    expect(off.parse({ page: '4' })).toMatchObject({ offset: 0, page: 1 });
  });
});

describe('filter parameters', () => {
  it('reads boolean flags from true/false, 1/0 and booleans; empty and all mean any', () => {
    const flag = boolParam('is_active');
    for (const v of ['true', '1', true]) expect(flag.parse(v)).toBe(true);
    for (const v of ['false', '0', false]) expect(flag.parse(v)).toBe(false);
    for (const v of ['', 'all', undefined, null]) expect(flag.parse(v)).toBeUndefined();
    expect(message(flag, 'yes')).toBe('is_active must be true or false');
    expect(message(flag, 2)).toBe('is_active must be true or false');
  });

  it('reads an id filter as a positive 32-bit integer', () => {
    const id = idFilter('user_id');
    expect(id.parse('7')).toBe(7);
    expect(id.parse('')).toBeUndefined();
    expect(id.parse('2147483647')).toBe(2147483647);
    expect(message(id, 'abc')).toBe('user_id must be a number');
    expect(message(id, '1.5')).toBe('user_id must be a whole number');
    expect(message(id, '0')).toBe('user_id must be a positive number');
    expect(message(id, '2147483648')).toBe('user_id is too large');
  });

  it('keeps an enum filter to its values', () => {
    const e = enumParam('role', ['viewer', 'admin']);
    expect(e.parse('admin')).toBe('admin');
    expect(e.parse('all')).toBeUndefined();
    expect(e.parse('')).toBeUndefined();
    expect(message(e, 'root')).toBe('role must be one of: viewer, admin');
  });

  it('bounds the search text and the date format', () => {
    expect(searchParam.parse('x'.repeat(200))).toBe('x'.repeat(200));
    expect(message(searchParam, 'x'.repeat(201))).toBe('search must be at most 200 characters');
    expect(searchParam.parse(null)).toBeUndefined();
    const d = dateParam('since');
    expect(d.parse('2026-01-31')).toBe('2026-01-31');
    expect(d.parse('2026-01-31T10:00:00+05:30')).toBe('2026-01-31T10:00:00+05:30');
    expect(message(d, 'yesterday')).toBe('since must be a date like 2026-01-31');
  });
});

describe('totalPages', () => {
  it('rounds up and is at least one', () => {
    expect(totalPages(0, 20)).toBe(1);
    expect(totalPages(40, 20)).toBe(2);
    expect(totalPages(41, 20)).toBe(3);
  });
});

describe('wholeParam and optionalWholeParam', () => {
  it('take a whole number within bounds, with the messages every endpoint answers', () => {
    const days = wholeParam('days', 1, 365, 30);
    expect(days.parse(undefined)).toBe(30);
    expect(days.parse('')).toBe(30);
    expect(days.parse(null)).toBe(30);
    expect(days.parse('7')).toBe(7);
    expect(days.parse('1')).toBe(1);
    expect(days.parse('365')).toBe(365);
    expect(message(days, '0')).toBe('days must be at least 1');
    expect(message(days, '366')).toBe('days must be at most 365');
    expect(message(days, '1.5')).toBe('days must be a whole number');
    expect(message(days, 'x')).toBe('days must be a whole number');

    const year = optionalWholeParam('year', 2000, 2100);
    expect(year.parse(undefined)).toBeUndefined();
    expect(year.parse('')).toBeUndefined();
    expect(year.parse(null)).toBeUndefined();
    expect(year.parse('2026')).toBe(2026);
    expect(message(year, '1999')).toBe('year must be at least 2000');
    expect(message(year, '2101')).toBe('year must be at most 2100');
    expect(message(year, '2026.5')).toBe('year must be a whole number');
  });
});

describe('userPageFields and pageFields', () => {
  it("answer a list's paging fields, in their order", () => {
    const user = userPageFields(41, { page: 2, limit: 20 });
    expect(user).toEqual({ total_pages: 3, total_count: 41, page: 2, per_page: 20 });
    expect(Object.keys(user)).toEqual(['total_pages', 'total_count', 'page', 'per_page']);
    expect(userPageFields(0, { page: 1, limit: 10 })).toEqual({
      total_pages: 1,
      total_count: 0,
      page: 1,
      per_page: 10,
    });
    const admin = pageFields(41, { page: 3, limit: 20 });
    expect(admin).toEqual({ total: 41, total_pages: 3, page: 3, limit: 20 });
    expect(Object.keys(admin)).toEqual(['total', 'total_pages', 'page', 'limit']);
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards so search is literal', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern("o'brien हीमोग्लोबिन")).toBe("%o'brien हीमोग्लोबिन%");
  });
});

describe('containsText', () => {
  // Compiled only (no database): the SQL text and its one parameter are the contract.
  const db = new Kysely<{ users: { email: string } }>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

  it('matches a column name or an expression with ILIKE and an escaped pattern', () => {
    const byName = db.selectFrom('users').selectAll().where(containsText('email', '5%')).compile();
    expect(byName.sql).toBe(`select * from "users" where "email" ILIKE $1 ESCAPE '\\'`);
    expect(byName.parameters).toEqual(['%5\\%%']);
    const byExpr = db
      .selectFrom('users')
      .selectAll()
      .where(containsText(sql`lower(email)`, 'a_b'))
      .compile();
    expect(byExpr.sql).toBe(`select * from "users" where lower(email) ILIKE $1 ESCAPE '\\'`);
    expect(byExpr.parameters).toEqual(['%a\\_b%']);
  });
});
