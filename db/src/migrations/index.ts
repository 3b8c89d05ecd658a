import type { Migration, MigrationProvider } from 'kysely';
import * as initialSchema from './2026-11-21-0001-initial-schema';
import * as fileDeletions from './2026-11-22-0031-file-deletions';
import * as analysisValues from './2026-11-22-0040-analysis-values';
import * as engineVersion from './2026-11-22-0045-engine-version';
import * as adminIndexes from './2026-11-22-0050-admin-indexes';
import * as adminUserCounts from './2026-11-22-0051-admin-user-counts';
import * as userPanel from './2026-11-22-0060-user-panel';
import * as userSearchExportIndexes from './2026-11-22-0062-user-search-export-indexes';
import * as security from './2026-11-22-0080-security';
import * as auditAppendOnly from './2026-11-22-0070-audit-append-only';
import * as moderationQueue from './2026-11-22-0071-moderation-queue';
import * as uploadIdempotency from './2026-11-22-0090-upload-idempotency';
import * as valueReadingNote from './2026-11-22-0100-value-reading-note';
import * as auditSearchIndex from './2026-11-22-0110-audit-search-index';
import * as moderationQueueCovering from './2026-11-22-0111-moderation-queue-covering';
import * as oneAnalysisPerReport from './2026-11-22-0130-one-analysis-per-report';
import * as paymentRefunds from './2026-11-22-0160-payment-refunds';
import * as moderationQueueOrder from './2026-11-24-0177-moderation-queue-order';
import * as userTrendsChatSearch from './2026-11-24-0178-user-trends-chat-search';
import * as adminReportNameSort from './2026-11-24-0179-admin-report-name-sort';
import * as reportCollectionDate from './2026-11-25-0190-report-collection-date';
import * as shareLinks from './2026-11-25-0185-share-links';
import * as accountMail from './2026-11-27-0220-account-mail';
import * as reportValueMarks from './2026-11-27-0230-report-value-marks';
import * as valueCorrections from './2026-11-28-0240-value-corrections';
import * as analysisStage from './2026-11-28-0250-analysis-stage';

/** Listed explicitly (no directory scanning): the order is the names' order. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21-0001-initial-schema': initialSchema,
  '2026-11-22-0031-file-deletions': fileDeletions,
  '2026-11-22-0040-analysis-values': analysisValues,
  '2026-11-22-0045-engine-version': engineVersion,
  '2026-11-22-0050-admin-indexes': adminIndexes,
  '2026-11-22-0051-admin-user-counts': adminUserCounts,
  '2026-11-22-0060-user-panel': userPanel,
  '2026-11-22-0062-user-search-export-indexes': userSearchExportIndexes,
  '2026-11-22-0080-security': security,
  '2026-11-22-0070-audit-append-only': auditAppendOnly,
  '2026-11-22-0071-moderation-queue': moderationQueue,
  '2026-11-22-0090-upload-idempotency': uploadIdempotency,
  '2026-11-22-0100-value-reading-note': valueReadingNote,
  '2026-11-22-0110-audit-search-index': auditSearchIndex,
  '2026-11-22-0111-moderation-queue-covering': moderationQueueCovering,
  '2026-11-22-0130-one-analysis-per-report': oneAnalysisPerReport,
  '2026-11-22-0160-payment-refunds': paymentRefunds,
  '2026-11-24-0177-moderation-queue-order': moderationQueueOrder,
  '2026-11-24-0178-user-trends-chat-search': userTrendsChatSearch,
  '2026-11-24-0179-admin-report-name-sort': adminReportNameSort,
  '2026-11-25-0190-report-collection-date': reportCollectionDate,
  '2026-11-25-0185-share-links': shareLinks,
  '2026-11-27-0220-account-mail': accountMail,
  '2026-11-27-0230-report-value-marks': reportValueMarks,
  '2026-11-28-0240-value-corrections': valueCorrections,
  '2026-11-28-0250-analysis-stage': analysisStage,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
