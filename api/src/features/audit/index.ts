/** What other features may use of audit. */
export { insertAudit } from './audit.repo';
export { audited, auditedCsvExport, auditedExport } from './audit.service';
export { bulkDeleteAnswer, noteBulkDelete } from './bulk-delete';
