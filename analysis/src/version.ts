/** Bumped whenever parsing or wording changes, so cached analyses can be told apart. */
export const ANALYSIS_VERSION = '3.7.0';
