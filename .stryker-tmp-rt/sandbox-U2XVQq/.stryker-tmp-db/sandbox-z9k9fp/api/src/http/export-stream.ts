// @ts-nocheck
// 
import type { Response } from 'express';
import Papa from 'papaparse';
import { attachment } from './content-disposition';

/**
 * File downloads streamed in batches: the database is read a batch at a time (keyset paging),
 * each batch is written before the next is read, and writing waits for the socket to drain.
 * Memory stays flat however many rows there are.
 */

/** Rows read per batch: large enough to amortise the round trip, small enough to stay light. */
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
function write(res: Response, chunk: string): Promise<void> {
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

/**
 * Streams a CSV file and ends the response; `{ end: false }` leaves it open for the caller to end
 * (auditedExport: after its audit row, so a client holding the whole file can read the row). Cells that a spreadsheet would run as a formula (=, +, -, @ first) are
 * prefixed with a quote, so an exported user name cannot execute in the admin's spreadsheet.
 * Returns the number of data rows written.
 */
export async function streamCsv<T extends object>(
  res: Response,
  filename: string,
  columns: readonly (keyof T & string)[],
  batches: AsyncIterable<T[]>,
  options: { end?: boolean } = {},
): Promise<number> {
  startDownload(res, filename, 'text/csv; charset=utf-8');
  const csv = { columns: [...columns], header: false, escapeFormulae: true, newline: '\r\n' };
  await write(res, Papa.unparse([[...columns]], { newline: '\r\n' }) + '\r\n');
  let count = 0;
  for await (const rows of batches) {
    await write(res, Papa.unparse(rows, csv) + '\r\n');
    count += rows.length;
  }
  if (options.end !== false) res.end();
  return count;
}

/**
 * Streams a JSON document `{ ...head, [key]: [rows...], total }`: the head first, then the rows
 * as they are read, then the count. Returns the number of rows written; ends the response unless `{ end: false }`.
 */
export async function streamJsonArray<T>(
  res: Response,
  filename: string,
  head: Record<string, unknown>,
  key: string,
  batches: AsyncIterable<T[]>,
  options: { end?: boolean } = {},
): Promise<number> {
  startDownload(res, filename, 'application/json; charset=utf-8');
  const opening = JSON.stringify(head).slice(0, -1);
  await write(res, `${opening}${opening.length > 1 ? ',' : ''}${JSON.stringify(key)}:[`);
  let count = 0;
  for await (const rows of batches) {
    const parts = rows.map((r) => JSON.stringify(r));
    await write(res, (count ? ',' : '') + parts.join(','));
    count += rows.length;
  }
  await write(res, `],"total":${count}}`);
  if (options.end !== false) res.end();
  return count;
}
