/** What other features may use of the account by mail and the record of consent. */
export { recordConsents, CONSENTS, type Consent } from './consent';
export { requestEmailChange, sendRegistrationConfirmation } from './email-confirm.service';
