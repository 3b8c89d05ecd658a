/** What other features may use of auth. */
export { toPublicUser } from './auth.service';
