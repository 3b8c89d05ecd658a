/** What other features may use of the user's own account. */
// @ts-nocheck

export { userCounts as userCountsFor } from './users.repo';
