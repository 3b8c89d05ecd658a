/** What other features may use of subscriptions: the plan in force and its allowance. */
export {
  assertAnalysisAllowed,
  assertStorageAllowed,
  currentPlan,
  paymentHistory,
  subscriptionHistory,
  planAllowance,
  toPaymentView,
  toSubscriptionView,
} from './subscriptions.service';
export { refundThroughGateway } from './payment-gateways';
