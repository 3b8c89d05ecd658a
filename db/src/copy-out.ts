import type { CompiledQuery, Kysely } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from './schema';

type DB = Kysely<Database>;

/**
 * Large reads as one `COPY (query) TO STDOUT` (decision 077): the server streams the rows over
 * the connection as it produces them, with no per-batch planning, and Node receives raw bytes
 * that it can pass to a socket without ever turning them into strings. Used by the admin exports,
 * whose query already formats each row as the file's text.
 */

/** The pool behind each handle's Kysely instance (COPY needs a raw pg client; Kysely has none to lend). */
const pools = new WeakMap<object, pg.Pool>();

export function registerPool(db: DB, pool: pg.Pool): void {
  pools.set(db, pool);
}

/**
 * A bound value as SQL literal text. COPY takes no bind parameters, so a query's values are
 * written into its text: strings through the driver's own escapeLiteral (quotes doubled, a
 * backslash in an E'' string), numbers only when finite, dates as ISO 8601 text. Each is an
 * untyped literal, resolved from its context exactly as the bound parameter would have been.
 * Any other kind of value is refused rather than guessed at.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} into a COPY query`);
    return `'${String(value)}'`;
  }
  if (typeof value === 'bigint') return `'${value.toString()}'`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('cannot write an invalid date into a COPY query');
    return `'${value.toISOString()}'`;
  }
  throw new Error(`cannot write a value of type ${typeof value} into a COPY query`);
}

/** The query's text with each $n replaced by its value's literal (one pass: values are never rescanned). */
export function inlineParameters(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)\b/g, (whole, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= query.parameters.length) throw new Error(`no value for ${whole}`);
    return sqlLiteral(query.parameters[i]);
  });
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Reads a binary COPY stream of one-column rows: yields, per chunk received, the bytes of each
 * row's value (a NULL as no bytes). Binary format (a length before each value) needs no
 * unescaping, unlike the text format, whose backslash escapes would have to be undone.
 */
async function* binaryValues(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer[]> {
  let pending: Buffer = Buffer.alloc(0);
  let headerRead = false;
  let ended = false;
  for await (const chunk of source) {
    const buf = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let pos = 0;
    if (!headerRead) {
      if (buf.length < 19) {
        pending = buf;
        continue;
      }
      if (!buf.subarray(0, 11).equals(SIGNATURE)) throw new Error('not a binary COPY stream');
      const extension = buf.readUInt32BE(15);
      if (buf.length < 19 + extension) {
        pending = buf;
        continue;
      }
      pos = 19 + extension;
      headerRead = true;
    }
    const values: Buffer[] = [];
    while (!ended && pos + 2 <= buf.length) {
      const fields = buf.readInt16BE(pos);
      if (fields === -1) {
        ended = true; // the trailer
        pos += 2;
        break;
      }
      if (fields !== 1) throw new Error(`expected one column per row, got ${fields}`);
      if (pos + 6 > buf.length) break;
      const length = buf.readInt32BE(pos + 2);
      const size = length < 0 ? 0 : length;
      if (pos + 6 + size > buf.length) break;
      values.push(buf.subarray(pos + 6, pos + 6 + size));
      pos += 6 + size;
    }
    // Keep only the unread tail (copied, so a small remainder does not pin the whole chunk).
    pending = pos < buf.length ? Buffer.from(buf.subarray(pos)) : Buffer.alloc(0);
    if (values.length) yield values;
  }
  if (!ended || pending.length) throw new Error('the COPY stream ended early');
}

/**
 * Runs `COPY (query) TO STDOUT (FORMAT binary)` for a query of one column on a connection of its
 * own and yields the columns' bytes a chunk at a time, in the query's order. Reading waits for the
 * consumer (the connection is paused meanwhile), so memory stays at a chunk or two. If the consumer
 * stops early or the query fails, the connection is closed rather than returned to the pool
 * (which also ends the COPY on the server).
 */
export async function* copyColumn(db: DB, query: CompiledQuery): AsyncGenerator<Buffer[]> {
  const pool = pools.get(db);
  if (!pool) throw new Error('copyColumn needs a database opened by connectDatabase');
  const text = `COPY (${inlineParameters(query)}) TO STDOUT (FORMAT binary)`;
  const client = await pool.connect();
  // A connection closed under a running COPY reports it on the client; that end is handled here.
  const ignore = () => undefined;
  client.on('error', ignore);
  let failed: Error | undefined = new Error('the export stopped before its end');
  try {
    // A serial plan: parallel workers would pass every formatted row through shared-memory
    // queues to the one process that sends them, more CPU for a rate the client bounds anyway
    // (measured: the users export fell from 51,000 to 33,000 rows per CPU-second on 2 cores).
    await client.query('SET max_parallel_workers_per_gather = 0');
    const stream = client.query(copyTo(text));
    yield* binaryValues(stream);
    await client.query('RESET max_parallel_workers_per_gather');
    failed = undefined;
  } catch (err) {
    failed = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    if (!failed) client.off('error', ignore);
    client.release(failed);
  }
}
