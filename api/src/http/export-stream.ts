import type { Response } from 'express';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { copyColumn, type DB } from '@reportsaathi/db';
import { attachment } from './content-disposition';

/**
 * File downloads streamed in batches (decision 051). The database is read a batch at a time
 * (keyset paging on id), the next batch is requested while the current one is written, and
 * writing waits for the socket to drain, so memory stays flat however many rows there are.
 *
 * The admin exports let PostgreSQL write the file: the whole export is one COPY whose rows are the
 * file's CSV lines (or JSON objects) already formatted, so Node only passes bytes along (decision
 * 077). Formatting a million rows in JavaScript (driver parsing, Date objects, papaparse) cost
 * about four times more.
 */

/** Rows read per batch by keysetBatches (rows as objects, formatted in JavaScript). */
export const EXPORT_BATCH = 5_000;

export function todayStamp(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function startDownload(res: Response, filename: string, contentType: string): void {
  res.status(200);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', attachment(filename));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/** Resolves once the socket can take more (or at once), rejects when the client went away. */
export function writeChunk(res: Response, chunk: string | Buffer): Promise<void> {
  if (res.destroyed) return Promise.reject(new Error('client closed the download'));
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', closed);
      resolve();
    };
    const closed = () => {
      res.off('drain', done);
      reject(new Error('client closed the download'));
    };
    res.once('drain', done);
    res.once('close', closed);
  });
}

/**
 * Fetches batches until one comes back short. `next(last)` gets the last row of the previous
 * batch (undefined first) and returns up to `size` rows after it. The next batch is requested
 * while the current one is being written, so the database and the response work side by side
 * (at most two batches in memory).
 */
export async function* keysetBatches<T>(
  next: (last: T | undefined, size: number) => Promise<T[]>,
  size = EXPORT_BATCH,
): AsyncGenerator<T[]> {
  const fetch = (last: T | undefined) => {
    const p = next(last, size);
    // Awaited below; this only stops an abandoned prefetch (client gone) from being "unhandled".
    p.catch(() => undefined);
    return p;
  };
  let pending: Promise<T[]> | null = fetch(undefined);
  while (pending) {
    const rows: T[] = await pending;
    pending = rows.length === size ? fetch(rows[rows.length - 1]) : null;
    if (rows.length) yield rows;
  }
}

// ---------------------------------------------------------------------------------------------
// Exports formatted by PostgreSQL

/**
 * How PostgreSQL writes a column: `text` quoted for CSV when needed (and defused when a spreadsheet
 * would run it as a formula), `number` and `boolean` as JSON writes them, `time` as the ISO 8601
 * UTC text of JavaScript's toISOString(), `json` (a jsonb column) embedded as JSON, or as its JSON
 * text in one CSV cell.
 */
export type ExportKind = 'text' | 'number' | 'boolean' | 'time' | 'json';

/** A file's columns in order: the name (CSV header, JSON key) of each, and its kind. */
export type ExportColumns = Readonly<Record<string, ExportKind>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's query
type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface QueryExport {
  filename: string;
  columns: ExportColumns;
  /**
   * The rows after the key `after` (undefined for the first batch), at most `size`, in key order,
   * each with an `id` (the key) and a column of each name in `columns`.
   */
  rowsAfter: (after: number | undefined, size: number) => AnyQuery;
  /** Key order: ascending (default), or descending (newest first). */
  order?: 'asc' | 'desc';
}

/** 2026-11-22T17:31:18.123Z, as Date.prototype.toISOString writes it (milliseconds, UTC). */
function isoTime(value: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * One CSV cell of a text value, quoted as papaparse quotes (a quote, comma, CR, LF or byte-order
 * mark inside, or a space at either end; quotes doubled). A value starting with =, +, -, @, tab or
 * CR is prefixed with ' and quoted, so a user name like =HYPERLINK(...) stays text in the admin's
 * spreadsheet (papaparse's escapeFormulae, which the exports used before).
 */
function csvText(value: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`CASE
    WHEN ${value} IS NULL THEN ''
    WHEN ${value} ~ '^[-=+@\t\r]' THEN '"''' || replace(${value}, '"', '""') || '"'
    WHEN ${value} ~ '[",\r\n\uFEFF]|^ | $' THEN '"' || replace(${value}, '"', '""') || '"'
    ELSE ${value} END`;
}

function csvCell(column: string, kind: ExportKind): RawBuilder<string> {
  const value = sql.ref(`b.${column}`) as RawBuilder<unknown>;
  switch (kind) {
    case 'text':
      return csvText(value);
    case 'json':
      return csvText(sql`${value}::text`);
    case 'time':
      return sql<string>`coalesce(${isoTime(value)}, '')`;
    default:
      // Numbers and booleans never need quotes (true/false, digits, '.', '-', 'e').
      return sql<string>`coalesce(${value}::text, '')`;
  }
}

/** The JSON value of a column: timestamps as ISO text, everything else as PostgreSQL types it. */
function jsonField(column: string, kind: ExportKind): RawBuilder<unknown> {
  const value = sql.ref(`b.${column}`) as RawBuilder<unknown>;
  return sql`${kind === 'time' ? isoTime(value) : value} AS ${sql.id(column)}`;
}

/** The LIMIT given to `rowsAfter` for a whole export: no limit in practice (a bigint literal). */
const ALL_ROWS = Number.MAX_SAFE_INTEGER;

/** What one received chunk of an export holds: its rows' count and their formatted bytes. */
export interface FormattedChunk {
  n: number;
  bytes: Buffer;
}

/**
 * An export's rows as bytes formatted by PostgreSQL, a chunk (a few tens of KB) at a time
 * (decision 077). The whole export is one query run as `COPY (...) TO STDOUT (FORMAT binary)`
 * (db/copy-out.ts): each row is one value, `csv` a CSV line with its CRLF, `json` an object by
 * row_to_json (compact, keys in column order); `separator` goes between rows (JSON's commas).
 * Node never turns the text into strings: the bytes go from the database socket to the client's.
 * Reading waits for the consumer, so memory stays at a chunk or two however many rows there are.
 * Exported for files that are not a response of their own (the bulk export's ZIP entries).
 */
export async function* formattedChunks(
  db: DB,
  spec: QueryExport,
  format: 'csv' | 'json',
  separator: Buffer = Buffer.alloc(0),
): AsyncGenerator<FormattedChunk> {
  const columns = Object.entries(spec.columns);
  const order = spec.order === 'desc' ? sql`b.id DESC` : sql`b.id`;
  const line =
    format === 'csv'
      ? sql`${sql.join(
          columns.map(([name, kind]) => csvCell(name, kind)),
          sql` || ',' || `,
        )} || E'\r\n'`
      : sql`row_to_json(j)::text`;
  const fields = sql.join(columns.map(([name, kind]) => jsonField(name, kind)));
  const query = sql<{ line: string }>`
    SELECT ${line} AS line
      FROM (${spec.rowsAfter(undefined, ALL_ROWS)}) b
      ${format === 'json' ? sql`CROSS JOIN LATERAL (SELECT ${fields}) j` : sql``}
     ORDER BY ${order}`.compile(db);
  let first = true;
  for await (const values of copyColumn(db, query)) {
    let bytes: Buffer;
    if (separator.length === 0) bytes = values.length === 1 ? values[0] : Buffer.concat(values);
    else {
      const parts: Buffer[] = [];
      for (const v of values) {
        if (!first) parts.push(separator);
        parts.push(v);
        first = false;
      }
      bytes = Buffer.concat(parts);
    }
    yield { n: values.length, bytes };
  }
}

/**
 * Streams a query as a CSV file (header line, then CRLF-ended rows formatted by PostgreSQL).
 * Ends the response unless `{ end: false }` (auditedExport ends it after its audit row). Returns
 * the number of data rows written.
 */
export async function streamQueryCsv(
  res: Response,
  db: DB,
  spec: QueryExport,
  options: { end?: boolean } = {},
): Promise<number> {
  startDownload(res, spec.filename, 'text/csv; charset=utf-8');
  await writeChunk(res, `${Object.keys(spec.columns).join(',')}\r\n`);
  let count = 0;
  for await (const chunk of formattedChunks(db, spec, 'csv')) {
    await writeChunk(res, chunk.bytes);
    count += chunk.n;
  }
  if (options.end !== false) res.end();
  return count;
}

const COMMA = Buffer.from(',');

/**
 * Streams a query as a JSON document `{ ...head, [key]: [rows...], total }`: the head first, the
 * rows (objects formatted by PostgreSQL) as they are read, the count last. Ends the response unless
 * `{ end: false }`. Returns the number of rows written.
 */
export async function streamQueryJson(
  res: Response,
  db: DB,
  spec: QueryExport & { head: Record<string, unknown>; key: string },
  options: { end?: boolean } = {},
): Promise<number> {
  startDownload(res, spec.filename, 'application/json; charset=utf-8');
  const opening = JSON.stringify(spec.head).slice(0, -1);
  await writeChunk(res, `${opening}${opening.length > 1 ? ',' : ''}${JSON.stringify(spec.key)}:[`);
  let count = 0;
  for await (const chunk of formattedChunks(db, spec, 'json', COMMA)) {
    await writeChunk(res, chunk.bytes);
    count += chunk.n;
  }
  await writeChunk(res, `],"total":${count}}`);
  if (options.end !== false) res.end();
  return count;
}

function isAsyncIterable(v: unknown): v is AsyncIterable<unknown[]> {
  return typeof v === 'object' && v !== null && Symbol.asyncIterator in v;
}

/**
 * Writes one JSON object `{"key": value, ...}` in order: plain values as they are, functions as what
 * they return (or resolve to) when their turn comes, and async iterables of row batches as arrays written batch by
 * batch, so the object can be far larger than memory. Leaves the response open (the caller may be inside an envelope).
 */
export async function writeJsonObject(
  res: Response,
  parts: ReadonlyArray<readonly [key: string, value: unknown]>,
): Promise<void> {
  await writeChunk(res, '{');
  for (const [i, [key, value]] of parts.entries()) {
    await writeChunk(res, `${i ? ',' : ''}${JSON.stringify(key)}:`);
    if (!isAsyncIterable(value)) {
      // A function is read when its turn comes (a count of the rows written before it, or work
      // that must follow everything written before it).
      const v: unknown = typeof value === 'function' ? await (value as () => unknown)() : value;
      await writeChunk(res, JSON.stringify(v ?? null));
      continue;
    }
    let first = true;
    await writeChunk(res, '[');
    for await (const rows of value) {
      if (rows.length === 0) continue;
      await writeChunk(res, (first ? '' : ',') + rows.map((r) => JSON.stringify(r)).join(','));
      first = false;
    }
    await writeChunk(res, ']');
  }
  await writeChunk(res, '}');
}
