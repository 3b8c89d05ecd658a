import { describe, expect, it } from 'vitest';
import { containsPattern, listQuery, enumParam } from './list-query';

const q = listQuery(['created_at', 'email'], {}, { status: enumParam('status', ['active', 'inactive']) });

describe('listQuery', () => {
  it('defaults to page 1, 20 rows, newest first', () => {
    expect(q.parse({})).toMatchObject({
      page: 1,
      limit: 20,
      offset: 0,
      sort_by: 'created_at',
      sort_order: 'desc',
    });
  });
  it('turns page into an offset and keeps extra filters', () => {
    expect(q.parse({ page: '3', limit: '10', status: 'active' })).toMatchObject({
      offset: 20,
      status: 'active',
    });
  });
  it('refuses an unknown sort column, a huge limit and a negative page with a message', () => {
    expect(q.safeParse({ sort_by: 'password_hash' }).error?.issues[0].message).toBe(
      'sort_by must be one of: created_at, email',
    );
    expect(q.safeParse({ limit: '100000' }).error?.issues[0].message).toBe('limit must be at most 100');
    expect(q.safeParse({ page: '-1' }).error?.issues[0].message).toBe('page must be at least 1');
    expect(q.safeParse({ status: 'deleted' }).success).toBe(false);
  });
  it('treats empty filters as absent', () => {
    expect(q.parse({ search: '  ', status: '', date_from: '' })).toMatchObject({
      search: undefined,
      status: undefined,
    });
  });
  it('takes a whole day for date_to and refuses from after to', () => {
    const r = q.parse({ date_from: '2026-01-01', date_to: '2026-01-01' });
    expect(r.from?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(q.safeParse({ date_from: '2026-02-01', date_to: '2026-01-01' }).error?.issues[0].message).toBe(
      'date_from must not be after date_to',
    );
    expect(q.safeParse({ date_from: '31/01/2026' }).success).toBe(false);
  });
  it('supports per_page and offset paging', () => {
    const per = listQuery(['created_at'], { limitKey: 'per_page' });
    expect(per.parse({ per_page: '50', page: '2' })).toMatchObject({ limit: 50, offset: 50 });
    const off = listQuery(['created_at'], { offsetPaging: true, defaultLimit: 50 });
    expect(off.parse({ offset: '100' })).toMatchObject({ limit: 50, offset: 100, page: 3 });
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards so search is literal', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern("o'brien हीमोग्लोबिन")).toBe("%o'brien हीमोग्लोबिन%");
  });
});
