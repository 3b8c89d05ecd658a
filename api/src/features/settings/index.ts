/** What other features may use of settings. */
export { providerConfig } from './ai-config';
