import { DEFAULT_INFO_EMAIL, DEFAULT_SUPPORT_EMAIL } from './config';

/** Contact addresses come from configuration (shown as the address itself). */
export function siteConfig() {
  return {
    supportEmail: process.env.SUPPORT_EMAIL || DEFAULT_SUPPORT_EMAIL,
    infoEmail: process.env.INFO_EMAIL || DEFAULT_INFO_EMAIL,
  };
}
