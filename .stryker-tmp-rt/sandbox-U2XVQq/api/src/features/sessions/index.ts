/** What other features use of sessions. */
// @ts-nocheck

export { revokeAllSessions } from './sessions.repo';
