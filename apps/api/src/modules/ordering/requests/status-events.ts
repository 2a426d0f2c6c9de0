import type { RequestStatus, RequestStatusEvent } from '@keydesk/contracts/request-status'
import type { EventBus, Uses } from '../../../ports.ts'

export const REQUEST_STATUS_TOPIC = 'request-status'

export interface RequestStatusChange {
  /** The owner, whose stream alone shows the change. */
  userId: string
  requestId: string
  status: RequestStatus
}

/**
 * Called after the change committed, so a dashboard reading the request back sees it. Never throws: the
 * change stands either way, and a missed event only leaves the dashboard to its regular poll.
 */
export async function publishRequestStatusChanges(ports: Uses<'events' | 'log'>, changes: RequestStatusChange[]): Promise<void> {
  for (const change of changes) {
    try {
      await ports.events.publish(REQUEST_STATUS_TOPIC, JSON.stringify(change))
    } catch (error) {
      ports.log.error({ err: error, requestId: change.requestId }, 'request status event not published')
    }
  }
}

/** The owner's changes only, shaped field by field so nothing else about a request can ride along. */
export function subscribeToRequestStatus(events: EventBus, userId: string, listener: (event: RequestStatusEvent) => void): () => void {
  return events.subscribe(REQUEST_STATUS_TOPIC, (payload) => {
    const change = JSON.parse(payload) as RequestStatusChange
    if (change.userId === userId) listener({ requestId: change.requestId, status: change.status })
  })
}
