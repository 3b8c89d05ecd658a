import { sql, type Kysely } from 'kysely';

/**
 * A refund of a payment (process_refunds, decision 103): the
 * gateway's refund id and the staff's reason, kept beside the payment it returns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments
      ADD COLUMN refund_id text,
      ADD COLUMN refund_reason text;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
