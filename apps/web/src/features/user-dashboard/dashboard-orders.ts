import type { MemberProblemReportList } from '@keydesk/contracts/problem-reports'
import type { UserRequestsAnswer, VehicleRequestView } from '@keydesk/contracts/vehicle-request'

/** The dashboard's reading of the member's orders: its tabs, what a search and a batch narrow, the tracked order. */

export const ALL_TABS = [
  { key: 'pendingRequests', label: 'Pending' },
  { key: 'inProgressRequests', label: 'In Progress' },
  { key: 'fulfilledRequests', label: 'Fulfilled' },
  { key: 'refundedRequests', label: 'Refunded' },
] as const

export type TabKey = (typeof ALL_TABS)[number]['key']

/** The Refunded tab shows once an order has ended without a keycode; most members never see it. */
export const tabsFor = (data: UserRequestsAnswer | undefined) =>
  ALL_TABS.filter((entry) => entry.key !== 'refundedRequests' || (data?.refundedRequests.length ?? 0) > 0)

/** What narrows the orders shown: the search box's text, and one batch's code or null for every order. */
export interface OrderFilter {
  search: string
  batch: string | null
}

const matches = (request: VehicleRequestView, { search, batch }: OrderFilter) => {
  if (batch !== null && request.batch?.code !== batch) return false
  const needle = search.trim().toLowerCase()
  return !needle || [request.vin, request.model, request.make.manufacturerName].some((text) => text.toLowerCase().includes(needle))
}

export function matchesByTab(data: UserRequestsAnswer | undefined, filter: OrderFilter): Record<TabKey, VehicleRequestView[]> {
  const pick = (key: TabKey) => (data?.[key] ?? []).filter((request) => matches(request, filter))
  return {
    pendingRequests: pick('pendingRequests'),
    inProgressRequests: pick('inProgressRequests'),
    fulfilledRequests: pick('fulfilledRequests'),
    refundedRequests: pick('refundedRequests'),
  }
}

/**
 * The order the tracker follows: the one the member chose, else their newest. Only paid orders are followed: a request
 * still in the cart has not been submitted, so no step of it can have happened.
 */
export function trackedOrder(data: UserRequestsAnswer | undefined, chosenId: string | null): VehicleRequestView | null {
  if (!data) return null
  const all = [...data.pendingRequests, ...data.inProgressRequests, ...data.fulfilledRequests].filter((request) => request.paid)
  const chosen = all.find((request) => request.id === chosenId)
  if (chosen) return chosen
  return all.reduce<VehicleRequestView | null>(
    (newest, request) => (!newest || request.createdAt > newest.createdAt ? request : newest),
    null,
  )
}

/** The filter in words, for "No orders match …". */
export const filterWords = (search: string, batch: string | null) =>
  [search.trim() ? `“${search.trim()}”` : null, batch ? `batch ${batch}` : null].filter(Boolean).join(' in ')

/**
 * The orders of a tab as the dashboard lists them: each batch's orders together under the batch, in batch order, where
 * the batches first appear; orders of no batch in one group without a heading. With `byBatch` false, one group.
 */
export function groupsOf(orders: VehicleRequestView[], byBatch: boolean) {
  if (!byBatch) return [{ code: null, orders }]
  const groups = new Map<string | null, VehicleRequestView[]>()
  for (const order of orders) {
    const code = order.batch?.code ?? null
    const group = groups.get(code)
    if (group) group.push(order)
    else groups.set(code, [order])
  }
  return [...groups].map(([code, grouped]) => ({
    code,
    orders: code === null ? grouped : [...grouped].sort((a, b) => (a.batch?.position ?? 0) - (b.batch?.position ?? 0)),
  }))
}

/** The member's reports by order, oldest first (they arrive newest first). */
export function reportsOfOrders(reports: MemberProblemReportList['reports']) {
  const byOrder = new Map<string, MemberProblemReportList['reports']>()
  for (const report of [...reports].reverse())
    byOrder.set(report.vehicleRequestId, [...(byOrder.get(report.vehicleRequestId) ?? []), report])
  return byOrder
}
