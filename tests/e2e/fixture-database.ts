import type { DB } from '@reportsaathi/db';
import type { Env } from '../../api/src/env';
import { openDatabase, type OpenedDatabase } from '../../scripts/lib/open-database';

/**
 * The database the product under test uses, for a journey's set-up only (scripts/run-e2e.ts passes
 * it as E2E_DATABASE_URL, or E2E_DATA_DIR for the embedded one): opened once, shared by every
 * fixture. What a journey checks on screen is read back through the product.
 */
let opened: Promise<OpenedDatabase> | null = null;

export async function database(): Promise<DB> {
  opened ??= openDatabase({
    DATABASE_URL: process.env.E2E_DATABASE_URL || undefined,
    DATA_DIR: process.env.E2E_DATA_DIR || '',
  } as Env);
  return (await opened).db;
}
