/** What other features may use of account security. */
export { recordSecurityEvent, type SecurityEventInput } from './security-events';
export { challengeIfNeeded, completeChallenge, noteFailedLogin, noteSuccessfulLogin } from './login-security';
export type { Subject } from './security.repo';
export { notePasswordChanged, refusePasswordChange } from './password-change';
