/** Bumped whenever parsing or wording changes, so cached analyses can be told apart. */
// @ts-nocheck

export const ANALYSIS_VERSION = '2.1.0';
