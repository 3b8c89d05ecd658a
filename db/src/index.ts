export * from './schema';
export * from './connection';
export { copyColumn, inlineParameters, sqlLiteral } from './copy-out';
export * from './migrate';
export * from './embedded';
export { liveReport, liveReports, liveReportText } from './live';
