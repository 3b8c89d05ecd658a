import type { Response } from 'express';
import { transaction, type DB } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { AppError } from '../../kernel/errors';
import { streamQueryCsv, todayStamp, type QueryExport } from '../../http/export-stream';
import { insertAudit, type AuditActor, type AuditEntry, type AuditOutcome } from './audit.repo';

/** What a change may add to its audit row while it runs. */
export interface AuditNote {
  /** The id of the resource, when the change creates it. */
  resourceId(id: string | number): void;
  /** Details merged into the row (counts, before/after, the reason given). */
  details(more: Record<string, unknown>): void;
  /** Some of a bulk operation succeeded and some did not (also said in the answer). */
  partial(): void;
}

/**
 * Every admin mutation runs through this: the change and its audit row commit in one transaction.
 * When the change fails, the transaction rolls back and a `failed` row is written on its own,
 * with the reason, so refused and broken attempts leave a trail too.
 */
export async function audited<T>(
  deps: Pick<AppDeps, 'db'>,
  actor: AuditActor,
  entry: Omit<AuditEntry, 'success'>,
  change: (trx: DB, note: AuditNote) => Promise<T>,
): Promise<T> {
  const row: AuditEntry = { ...entry, details: { ...entry.details } };
  let outcome: AuditOutcome = 'success';
  const note: AuditNote = {
    resourceId: (id) => {
      row.resource_id = id;
    },
    details: (more) => {
      row.details = { ...row.details, ...more };
    },
    partial: () => {
      outcome = 'partial';
    },
  };
  try {
    return await transaction(deps.db, async (trx) => {
      const result = await change(trx, note);
      await insertAudit(trx, actor, { ...row, success: outcome });
      return result;
    });
  } catch (err) {
    const reason = err instanceof AppError ? err.detail : 'internal error';
    await insertAudit(deps.db, actor, {
      ...row,
      success: 'failed',
      details: { ...row.details, error: reason },
    });
    throw err;
  }
}

/** Writes a row for something that is not a database change (a sign-in, an export). */
export function recordAudit(deps: Pick<AppDeps, 'db'>, actor: AuditActor, entry: AuditEntry): Promise<void> {
  return insertAudit(deps.db, actor, entry);
}

/**
 * A download with its audit row: `stream` writes the file and answers the row count; the row
 * (with the count, or `failed` with the reason) is written before the response ends.
 */
export async function auditedExport(
  deps: Pick<AppDeps, 'db'>,
  actor: AuditActor,
  entry: Omit<AuditEntry, 'success'>,
  res: Response,
  stream: () => Promise<number>,
): Promise<void> {
  let rows: number;
  try {
    rows = await stream();
  } catch (err) {
    await insertAudit(deps.db, actor, {
      ...entry,
      success: 'failed',
      details: { ...entry.details, error: err instanceof Error ? err.message : String(err) },
    });
    throw err;
  }
  await insertAudit(deps.db, actor, { ...entry, details: { ...entry.details, rows } });
  res.end();
}

/**
 * The CSV download of an admin list (`{name}_export_{YYYY-MM-DD}.csv`, the rows matching `filters`)
 * with its audit row: action `export_{name}`, the format, file name and filters in its details.
 */
export function auditedCsvExport(
  deps: Pick<AppDeps, 'db'>,
  actor: AuditActor,
  res: Response,
  spec: Omit<QueryExport, 'filename'> & { name: string; resource_type: string; filters: object },
): Promise<void> {
  const { name, resource_type, filters, ...query } = spec;
  const filename = `${name}_export_${todayStamp()}.csv`;
  const entry = { action: `export_${name}`, resource_type, details: { format: 'csv', filename, filters } };
  return auditedExport(deps, actor, entry, res, () =>
    streamQueryCsv(res, deps.db, { filename, ...query }, { end: false }),
  );
}
