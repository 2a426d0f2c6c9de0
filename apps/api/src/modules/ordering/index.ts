/**
 * The ordering context's public surface (what someone buys: requests, orders, plans): everything another context
 * may import from it, and nothing else (docs/architecture.md, 'Contexts'). Modules of this context import each
 * other directly, never this file.
 */
export { findFirstPaidOrders, findOrderContacts, forgetCustomerEmail, refreshOrderStatus } from './orders/repository.ts'
export { listAdminTransactions } from './payments/admin-transactions.ts'
export { findBatchProgressOfRequest } from './requests/batch-repository.ts'
export { countQueues, findReleaseRequest, listPaidRequests } from './requests/queue-repository.ts'
export {
  findLinkedVehicles,
  findReleasedVehicles,
  findVehicles,
  fulfilStartedRequest,
  leastStatusOf,
  listRequestsOfUser,
  removeRequestsOfUser,
  startPaidRequest,
} from './requests/repository.ts'
export { publishRequestStatusChanges } from './requests/status-events.ts'
export { listAdminSubscriptions } from './subscriptions/admin-subscriptions.ts'
export { readPricingTier } from './subscriptions/service.ts'
