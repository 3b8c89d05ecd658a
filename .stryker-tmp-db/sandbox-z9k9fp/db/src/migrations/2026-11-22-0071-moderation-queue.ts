// @ts-nocheck
import { sql, type Kysely } from 'kysely';

/**
 * The moderation queue reads reports, chats and feedback that were flagged (by an admin or by
 * the pipeline). It needs when an item was flagged and the moderator's notes on every kind,
 * and every way of flagging (an admin's flag toggle, the chat safety check, the analysis
 * finding an upload is not a medical report) must put the item in the queue as pending.
 * One trigger per table does that, so no code path can flag an item and leave it out:
 * when is_flagged turns true it stamps flagged_at and, unless a status was set in the same
 * statement, sets moderation_status to 'pending'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE reports ADD COLUMN flagged_at timestamptz, ADD COLUMN moderation_notes text;
    ALTER TABLE chats ADD COLUMN flagged_at timestamptz;
    ALTER TABLE feedback
      ADD COLUMN flag_reason text,
      ADD COLUMN flagged_at timestamptz,
      ADD COLUMN moderation_notes text;

    CREATE FUNCTION moderation_on_flag() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.is_flagged AND TG_OP = 'INSERT' THEN
        NEW.flagged_at := COALESCE(NEW.flagged_at, now());
        NEW.moderation_status := COALESCE(NEW.moderation_status, 'pending');
      ELSIF NEW.is_flagged AND NOT OLD.is_flagged THEN
        IF NEW.flagged_at IS NOT DISTINCT FROM OLD.flagged_at THEN
          NEW.flagged_at := now();
        END IF;
        IF NEW.moderation_status IS NOT DISTINCT FROM OLD.moderation_status THEN
          -- flagged (again): in the queue, awaiting a decision
          NEW.moderation_status := 'pending';
          NEW.moderated_at := NULL;
        END IF;
      END IF;
      RETURN NEW;
    END;
    $$;

    CREATE TRIGGER reports_moderation_on_flag BEFORE INSERT OR UPDATE OF is_flagged ON reports
      FOR EACH ROW EXECUTE FUNCTION moderation_on_flag();
    CREATE TRIGGER chats_moderation_on_flag BEFORE INSERT OR UPDATE OF is_flagged ON chats
      FOR EACH ROW EXECUTE FUNCTION moderation_on_flag();
    CREATE TRIGGER feedback_moderation_on_flag BEFORE INSERT OR UPDATE OF is_flagged ON feedback
      FOR EACH ROW EXECUTE FUNCTION moderation_on_flag();

    -- items flagged before this migration
    UPDATE reports SET flagged_at = COALESCE(flagged_at, updated_at),
      moderation_status = COALESCE(moderation_status, 'pending') WHERE is_flagged;
    UPDATE chats SET flagged_at = COALESCE(flagged_at, updated_at),
      moderation_status = COALESCE(moderation_status, 'pending') WHERE is_flagged;
    UPDATE feedback SET flagged_at = COALESCE(flagged_at, created_at),
      moderation_status = COALESCE(moderation_status, 'pending') WHERE is_flagged;

    -- the queue: only items that were ever flagged, newest flag first, per status
    CREATE INDEX reports_moderation_idx ON reports (moderation_status, flagged_at DESC, id DESC)
      WHERE moderation_status IS NOT NULL;
    CREATE INDEX chats_moderation_idx ON chats (moderation_status, flagged_at DESC, id DESC)
      WHERE moderation_status IS NOT NULL;
    CREATE INDEX feedback_moderation_idx ON feedback (moderation_status, flagged_at DESC, id DESC)
      WHERE moderation_status IS NOT NULL;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
