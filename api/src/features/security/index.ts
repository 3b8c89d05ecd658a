/** What other features may use of account security. */
export { recordSecurityEvent, type SecurityEventInput } from '../../platform/security/security-events';
export { challengeIfNeeded, completeChallenge, noteFailedLogin, noteSuccessfulLogin } from './login-security';
export type { Subject } from '../../platform/security/security.repo';
export { notePasswordChanged, refusePasswordChange } from './password-change';
