/** What other features may use of reports. */
export { deleteReportPermanently, ownReport, REPORT_NOT_FOUND } from './reports.service';
export { findUserReport, listValuesByReport } from './reports.repo';
export { runningStage, toReportListItem, toUserReport } from './report-view';
export { toValueView } from './value-row';
export { listValues } from './reports.repo';
export {
  deleteRemovedReportFiles,
  insertNewReport,
  removeReportsInTransaction,
  requestAnalysis,
} from './reports.service';
export { REPLAYED_HEADER, createReportOnce, freshKey, idempotencyKey } from './upload-once';
export { acceptUpload, type UploadAllowance } from './accept-upload';
export { valueKnowledge } from './value-knowledge';
