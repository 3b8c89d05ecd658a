/**
 * Constants of the patient app that are not in @reportsaathi/contracts (they only matter to this UI).
 * The polling intervals and the version label, in one place.
 */
export const ANALYSIS_POLL_MS = 5000;
export const DASHBOARD_POLL_MS = 10_000;
/** The version label the results card shows . */
export const ANALYSIS_VERSION_LABEL = 'V2.1.0';
/** Model label used when a report carries none (a flash-lite model version). */
export const DEFAULT_MODEL_LABEL = 'gemini-2.0-flash-lite';
export const API_TIMEOUT_MS = 30_000;
export const DEFAULT_SUPPORT_EMAIL = 'support@reportsaathi.in';
export const DEFAULT_INFO_EMAIL = 'info@reportsaathi.in';
/** Local storage key of the guest session (restored only while unexpired). */
export const GUEST_SESSION_KEY = 'reportsaathi.guestSession';
