/** What other features use of sessions. */
export { revokeAllSessions } from './sessions.repo';
