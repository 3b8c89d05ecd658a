// @ts-nocheck
// 
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Response } from 'express';
import JSZip from 'jszip';
import Papa from 'papaparse';
import {
  EXPORT_TYPES,
  type bulkExportRequest,
  type ExportMetadata,
  type ExportOptions,
  type ExportType,
} from '@reportsaathi/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import type { AdminActor } from '../../http/actor';
import { attachment } from '../../http/content-disposition';
import { keysetBatches, todayStamp } from '../../http/export-stream';
import { auditedExport } from '../audit/audit.service';
import { columnsOf, EXPORT_TABLES, tableCount, type ExportRange, type ExportRow } from './bulk-export.tables';

/**
 * The bulk export (decision 074): one ZIP, streamed, with a file per chosen type and a
 * metadata.json last. Each file is a Node stream that jszip pulls only when it reaches it
 * (streamFiles: entries carry data descriptors, so nothing is buffered whole); while a file's
 * bytes pass through, they are counted and hashed, and metadata.json is written from those
 * figures once every file is done. Memory stays at a couple of batches whatever the row count.
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

/** A cell as text files hold it: dates as ISO, objects and lists as JSON. */
function plain(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return v;
}
function jsonValue(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}

function project(row: ExportRow, columns: string[], cell: (v: unknown) => unknown) {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c] = cell(row[c] ?? null);
  return out;
}

interface FileFigures {
  type: ExportType;
  filename: string;
  count: number;
  bytes: number;
  sha256: string;
}

/** One type's file as text chunks: the CSV header or '[' first, a chunk per batch. */
async function* fileChunks(
  deps: Pick<AppDeps, 'db'>,
  type: ExportType,
  input: BulkExportInput,
  range: ExportRange,
  onRows: (n: number) => void,
): AsyncGenerator<string> {
  const columns = columnsOf(type, input.include_sensitive);
  const table = EXPORT_TABLES[type];
  const batches = keysetBatches<ExportRow>((last, size) =>
    table.batch(deps.db, range, last?.id ?? 0, size, input.include_sensitive),
  );
  if (input.format === 'csv') {
    yield Papa.unparse([columns], { newline: '\r\n' }) + '\r\n';
    const options = { columns, header: false, escapeFormulae: true, newline: '\r\n' };
    for await (const rows of batches) {
      onRows(rows.length);
      yield (
        Papa.unparse(
          rows.map((r) => project(r, columns, plain)),
          options,
        ) + '\r\n'
      );
    }
    return;
  }
  yield '[';
  let first = true;
  for await (const rows of batches) {
    onRows(rows.length);
    const text = rows.map((r) => JSON.stringify(project(r, columns, jsonValue))).join(',\n');
    yield (first ? '\n' : ',\n') + text;
    first = false;
  }
  yield '\n]\n';
}

/** A byte stream of a file that counts and hashes what passes; `figures` settles at its end. */
function measuredStream(
  filename: string,
  type: ExportType,
  chunks: AsyncGenerator<string>,
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
  async function* measured() {
    try {
      for await (const text of chunks) {
        const buf = Buffer.from(text, 'utf8');
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
  // Byte mode with a small high-water mark: at most one batch waits inside the stream.
  const stream = Readable.from(measured(), { objectMode: false, highWaterMark: 64 * 1024 });
  return { stream, figures };
}

/** metadata.json, produced only when jszip reaches it, i.e. after every file has been written. */
function metadataStream(make: () => Promise<ExportMetadata>) {
  async function* one() {
    yield Buffer.from(JSON.stringify(await make(), null, 2) + '\n', 'utf8');
  }
  return Readable.from(one(), { objectMode: false });
}

export async function sendBulkExport(
  deps: Pick<AppDeps, 'db'>,
  actor: AdminActor,
  input: BulkExportInput,
  res: Response,
): Promise<void> {
  const range = rangeOf(input);
  const stamp = todayStamp();
  const zipName = `bulk_export_${stamp}.zip`;
  const filters = { start_date: input.start_date, end_date: input.end_date };
  const zip = new JSZip();
  const files: Promise<FileFigures>[] = [];
  let total = 0;
  for (const type of input.export_types) {
    let count = 0;
    const filename = `${type}_${stamp}.${input.format}`;
    const chunks = fileChunks(deps, type, input, range, (n) => {
      count += n;
      total += n;
    });
    const { stream, figures } = measuredStream(filename, type, chunks, () => count);
    zip.file(filename, stream, { binary: true });
    files.push(figures);
  }
  zip.file(
    'metadata.json',
    metadataStream(async () => {
      const done = await Promise.all(files);
      return {
        exported_at: new Date().toISOString(),
        exported_by: { admin_id: actor.admin.id, email: actor.admin.email, username: actor.admin.username },
        format: input.format,
        include_sensitive: input.include_sensitive,
        filters,
        export_types: input.export_types,
        files: done,
        total_records: done.reduce((n, f) => n + f.count, 0),
      } satisfies ExportMetadata;
    }),
    { binary: true },
  );

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
    () =>
      new Promise<number>((resolve, reject) => {
        // Level 1: most of DEFLATE's saving on text at a fraction of its time.
        const out = zip.generateNodeStream({
          type: 'nodebuffer',
          streamFiles: true,
          compression: 'DEFLATE',
          compressionOptions: { level: 1 },
        });
        const failed = (err: unknown) => {
          out.unpipe(res);
          reject(err instanceof Error ? err : new Error(String(err)));
        };
        out.on('error', failed);
        res.once('close', () => {
          if (!res.writableFinished) failed(new Error('client closed the download'));
        });
        out.on('end', () => resolve(total));
        out.pipe(res, { end: false });
      }),
  );
}
