/**
 * The ordering context's public surface (what someone buys: requests, orders, plans): everything another context
 * may import from it, and nothing else (docs/architecture.md, 'Contexts'). Modules of this context import each
 * other directly, never this file.
 */

export { mailBatchDoneOnce } from './bulk/batch-done.ts'
export { listDisputeRowsForArchive } from './disputes/archive-repository.ts'
export {
  clearDisputeReview,
  disputeView,
  listDisputes,
  listDisputesOfMember,
  lockDispute,
} from './disputes/repository.ts'
export { listJobRowsForArchive } from './jobs/archive-repository.ts'
export { listKeycodeRefundRowsForArchive } from './keycode-refunds/archive-repository.ts'
export { listFailedKeycodeRefunds } from './keycode-refunds/provider-refund-repository.ts'
export {
  findPaidKeycodeRefunds,
  findRefundOfRequest,
  insertPendingKeycodeRefund,
  markKeycodeRefunded,
  markKeycodeRefundFailed,
  refundView,
  restartKeycodeRefund,
} from './keycode-refunds/repository.ts'
export { pageOrderRowsForArchive } from './orders/archive-repository.ts'
export { giveBackBasicDiscount } from './orders/basic-discount-repository.ts'
export {
  findFirstPaidOrders,
  findOrderContacts,
  findPaymentOfRequest,
  pseudonymiseOrdersOf,
  refreshOrderStatus,
} from './orders/repository.ts'
export { listAdminTransactions } from './payments/admin-transactions.ts'
export { listProblemReportRowsForArchive } from './problem-reports/archive-repository.ts'
export {
  answerOpenReportsByRefund,
  answerProblemReport,
  countOpenProblemReports,
  findProblemReport,
  findReportsOfRequests,
  listProblemReports,
  lockProblemReport,
  problemReportView,
} from './problem-reports/repository.ts'
export { fileProblemReport } from './problem-reports/service.ts'
export { listBatchRowsForArchive, pageRequestRowsForArchive } from './requests/archive-repository.ts'
export { findBatchProgressOfRequest } from './requests/batch-repository.ts'
export { fulfilStartedRequest, leastStatusOf, startPaidRequest } from './requests/lifecycle-repository.ts'
export { listRequestsOfUser } from './requests/member-requests-repository.ts'
export { countQueues, findReleaseRequest, listPaidRequests } from './requests/queue-repository.ts'
export { isBoughtAndReachable } from './requests/reach-repository.ts'
export { reopenForCorrectedKeycode } from './requests/recheck-repository.ts'
export { holdForRefund, lockRefundableRequest, markRequestRefunded, releaseRefundHold } from './requests/refund-hold-repository.ts'
export { removeRequestsOfUser } from './requests/removal-repository.ts'
export { publishRequestStatusChanges } from './requests/status-events.ts'
export {
  findKeyBlanksOfSameVehicle,
  findLinkedVehicles,
  findReleasedVehicles,
  findReportedVehicles,
  findVehicles,
} from './requests/vehicle-reads-repository.ts'
export { listAdminSubscriptions } from './subscriptions/admin-subscriptions.ts'
export { listPlanRefundRowsForArchive, listPlanRowsForArchive } from './subscriptions/archive-repository.ts'
export { findMemberHolding } from './subscriptions/member-holding.ts'
export { REFUND_ATTEMPT_LEASE_MS } from './subscriptions/refunds.ts'
export { readPricingTier } from './subscriptions/service.ts'
