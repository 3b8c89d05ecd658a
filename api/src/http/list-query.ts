import { sql, type Expression, type SqlBool } from 'kysely';

// The list-query schemas live with the endpoint table (contracts), so an entry's query and the
// API's parsing are one definition; this module adds what only the database side needs.
export {
  boolParam,
  dateParam,
  DEFAULT_PAGE_SIZE,
  enumParam,
  idFilter,
  listQuery,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  optionalWholeParam,
  pageParam,
  searchParam,
  wholeParam,
  type ListQuery,
  type ListQueryOptions,
  type SortOrder,
} from '@reportsaathi/contracts';

export function totalPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The paging fields of the user's own lists (reports, chats): total_pages, total_count, page, per_page. */
export function userPageFields(total: number, q: { page: number; limit: number }) {
  return { total_pages: totalPages(total, q.limit), total_count: total, page: q.page, per_page: q.limit };
}

/** The paging fields of an admin list's answer, in its order: total, total_pages, page, limit. */
export function pageFields(total: number, q: { page: number; limit: number }) {
  return { total, total_pages: totalPages(total, q.limit), page: q.page, limit: q.limit };
}

/** `%text%` with the LIKE wildcards escaped, so '%', '_' and '\' match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** column ILIKE '%text%' matched literally (any of %, _, quotes, unicode). */
export function containsText(column: Expression<unknown> | string, text: string): Expression<SqlBool> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<SqlBool>`${ref} ILIKE ${containsPattern(text)} ESCAPE '\\'`;
}
