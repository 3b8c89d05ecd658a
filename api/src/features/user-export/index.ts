/** What other features may use of user-export. */
export { exportDate, retentionOf, userExportParts } from './export.service';
