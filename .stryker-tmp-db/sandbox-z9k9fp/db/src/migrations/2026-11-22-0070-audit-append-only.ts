// @ts-nocheck
import { sql, type Kysely } from 'kysely';

/**
 * Audit rows are append-only: the database itself refuses to change or remove them, whatever
 * the code, the API or a person with a SQL prompt does (short of dropping the trigger, which a
 * later migration would show). One change is let through: when an admin row is deleted, the
 * foreign key's ON DELETE SET NULL clears admin_id; the row keeps admin_email, so the trail
 * still names who acted. Everything else (any other column, DELETE, TRUNCATE) raises an error.
 * See docs/decisions/070-audit-append-only.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE'
         AND OLD.admin_id IS NOT NULL AND NEW.admin_id IS NULL
         AND (to_jsonb(NEW) - 'admin_id') = (to_jsonb(OLD) - 'admin_id') THEN
        -- the admin's account was deleted: only the link goes, the row stays as it was
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'audit_logs is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END;
    $$;

    CREATE TRIGGER audit_logs_no_update_delete
      BEFORE UPDATE OR DELETE ON audit_logs
      FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();

    CREATE TRIGGER audit_logs_no_truncate
      BEFORE TRUNCATE ON audit_logs
      FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();

    -- the list's order (newest first, id breaks ties) and the stats' per-admin count
    CREATE INDEX audit_logs_created_id_idx ON audit_logs (created_at DESC, id DESC);
    CREATE INDEX audit_logs_admin_created_idx ON audit_logs (admin_email, created_at DESC);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
