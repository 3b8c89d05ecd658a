/** What other features may use of admin-auth. */
export { createAdmin } from './admin-auth.service';
