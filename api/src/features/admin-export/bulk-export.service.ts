import { createHash } from 'node:crypto';
import type { Response } from 'express';
import {
  EXPORT_TYPES,
  type bulkExportRequest,
  type ExportMetadata,
  type ExportOptions,
  type ExportType,
} from '@reportsaathi/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import type { AdminActor } from '../../kernel/principal';
import { attachment } from '../../http/content-disposition';
import { formattedChunks, todayStamp, writeChunk } from '../../http/export-stream';
import { writeZip, type ZipEntry } from '../../http/zip-stream';
import { auditedExport } from '../audit';
import { columnsOf, EXPORT_TABLES, rowsAfter, tableCount, type ExportRange } from './bulk-export.tables';

/**
 * The bulk export (decision 074): one ZIP, streamed, with a file per chosen type and a
 * metadata.json last, written by http/zip-stream.ts (decision 077: Node's native DEFLATE, data
 * descriptors, so nothing is buffered whole). Each file's rows are read only when the writer
 * reaches it; while its bytes pass through, they are counted and hashed, and metadata.json is
 * written from those figures once every file is done. The writer waits for the socket to drain,
 * so memory stays at a couple of batches whatever the row count.
 */

export type BulkExportInput = z.output<typeof bulkExportRequest>;

const FORMAT_LABELS = {
  csv: { label: 'CSV', description: 'Comma-separated values: opens in Excel or Google Sheets' },
  json: { label: 'JSON', description: 'Structured data for developers and other systems' },
} as const;

export async function exportOptions(deps: Pick<AppDeps, 'db'>): Promise<ExportOptions> {
  const counts = await Promise.all(EXPORT_TYPES.map((t) => tableCount(deps.db, t)));
  return {
    available_types: EXPORT_TYPES.map((value, i) => ({
      value,
      label: EXPORT_TABLES[value].label,
      count: counts[i],
    })),
    available_formats: (['csv', 'json'] as const).map((value) => ({ value, ...FORMAT_LABELS[value] })),
  };
}

/** A date alone bounds whole UTC days (the end day included); a timestamp is used as given. */
export function rangeOf(input: { start_date: string | null; end_date: string | null }): ExportRange {
  const from = input.start_date ? new Date(input.start_date) : null;
  let to: Date | null = null;
  if (input.end_date) {
    to = new Date(input.end_date);
    if (input.end_date.length === 10) to.setUTCDate(to.getUTCDate() + 1);
    else to = new Date(to.getTime() + 1); // inclusive of the instant given
  }
  return { from, to };
}

interface FileFigures {
  type: ExportType;
  filename: string;
  count: number;
  bytes: number;
  sha256: string;
}

/**
 * One type's file as byte chunks, rows formatted by PostgreSQL (http/export-stream.ts, the same
 * CSV quoting and formula defusing as the other admin exports): the CSV header or '[' first, then
 * the rows as the database sends them.
 */
async function* fileChunks(
  deps: Pick<AppDeps, 'db'>,
  type: ExportType,
  input: BulkExportInput,
  range: ExportRange,
  onRows: (n: number) => void,
): AsyncGenerator<string | Buffer> {
  const columns = columnsOf(type, input.include_sensitive);
  const spec = {
    filename: type,
    columns,
    rowsAfter: (after: number | undefined, size: number) =>
      rowsAfter(deps.db, type, range, after ?? 0, size, input.include_sensitive),
  };
  const csv = input.format === 'csv';
  yield csv ? `${Object.keys(columns).join(',')}\r\n` : '[';
  let first = true;
  for await (const chunk of formattedChunks(deps.db, spec, input.format, csv ? undefined : JSON_SEPARATOR)) {
    onRows(chunk.n);
    if (!csv && first) yield '\n';
    first = false;
    yield chunk.bytes;
  }
  if (!csv) yield '\n]\n';
}

/** Between two objects of a JSON file: one object a line. */
const JSON_SEPARATOR = Buffer.from(',\n');

/**
 * A file's bytes, counted and SHA-256 hashed as they pass to the ZIP writer; `figures` settles
 * when the last byte has passed (metadata.json waits for it).
 */
function measuredFile(
  filename: string,
  type: ExportType,
  chunks: AsyncGenerator<string | Buffer>,
  rows: () => number,
) {
  const hash = createHash('sha256');
  let bytes = 0;
  let settle!: (f: FileFigures) => void;
  let fail!: (e: unknown) => void;
  const figures = new Promise<FileFigures>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  figures.catch(() => undefined); // read by metadata.json; a failed export reports elsewhere
  async function* data() {
    try {
      for await (const piece of chunks) {
        const buf = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        hash.update(buf);
        bytes += buf.length;
        yield buf;
      }
      settle({ type, filename, count: rows(), bytes, sha256: hash.digest('hex') });
    } catch (err) {
      fail(err);
      throw err;
    }
  }
  return { data, figures };
}

export async function sendBulkExport(
  deps: Pick<AppDeps, 'db'>,
  actor: AdminActor,
  input: BulkExportInput,
  res: Response,
): Promise<undefined> {
  const range = rangeOf(input);
  const stamp = todayStamp();
  const zipName = `bulk_export_${stamp}.zip`;
  const filters = { start_date: input.start_date, end_date: input.end_date };
  const entries: ZipEntry[] = [];
  const files: Promise<FileFigures>[] = [];
  let total = 0;
  for (const type of input.export_types) {
    let count = 0;
    const filename = `${type}_${stamp}.${input.format}`;
    // A generator runs nothing until read: the file's first query waits for the ZIP writer.
    const chunks = fileChunks(deps, type, input, range, (n) => {
      count += n;
      total += n;
    });
    const { data, figures } = measuredFile(filename, type, chunks, () => count);
    entries.push({ name: filename, data });
    files.push(figures);
  }
  // Last: read when the writer reaches it, i.e. after every file is done.
  entries.push({
    name: 'metadata.json',
    data: async function* () {
      const done = await Promise.all(files);
      const metadata = {
        exported_at: new Date().toISOString(),
        exported_by: { admin_id: actor.admin.id, email: actor.admin.email, username: actor.admin.username },
        format: input.format,
        include_sensitive: input.include_sensitive,
        filters,
        export_types: input.export_types,
        files: done,
        total_records: done.reduce((n, f) => n + f.count, 0),
      } satisfies ExportMetadata;
      yield JSON.stringify(metadata, null, 2) + '\n';
    },
  });

  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', attachment(zipName));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');

  await auditedExport(
    deps,
    actor,
    {
      action: 'bulk_export',
      resource_type: 'export',
      details: {
        export_types: input.export_types,
        format: input.format,
        include_sensitive: input.include_sensitive,
        filters,
        filename: zipName,
      },
    },
    res,
    async () => {
      // DEFLATE level 1 (Node's zlib): most of the saving on text at a fraction of level 6's CPU.
      await writeZip(entries, (chunk) => writeChunk(res, chunk), { level: 1 });
      return total;
    },
  );
}
