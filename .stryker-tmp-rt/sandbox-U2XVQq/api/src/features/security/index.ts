/** What other features may use of account security. */
// @ts-nocheck

export { recordSecurityEvent, type SecurityEventInput } from './security-events';
export { challengeIfNeeded, completeChallenge, noteFailedLogin, noteSuccessfulLogin } from './login-security';
export type { Subject } from './security.repo';
