/** What other features may use of the user's own account. */
export { userCounts as userCountsFor } from './users.repo';
