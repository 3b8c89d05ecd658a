/** What other features may use of the guest analyzer. */
export { claimGuestReports } from './guest.repo';
