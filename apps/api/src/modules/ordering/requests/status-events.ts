import type { RequestStatus, RequestStatusEvent } from '@keydesk/contracts/request-status'
import type { Uses } from '../../../ports.ts'
import { findAccountsReaching } from './reach-repository.ts'

export const REQUEST_STATUS_TOPIC = 'request-status'

export interface RequestStatusChange {
  /** The order's buyer, named in the log; who is told is the access rule's (createRequestStatusHub). */
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

export type RequestStatusListener = (event: RequestStatusEvent) => void

/** The status changes of orders for the open streams of one API process, each told to whom the access rule names. */
export interface RequestStatusHub {
  /** The account's stream hears the changes of every order it reaches; returns the function that stops it. */
  listen(userId: string, listener: RequestStatusListener): () => void
  close(): void
}

/**
 * Who hears a change is decided by the one access rule of orders (docs/decisions/039), not by the buyer the publisher
 * named: the buyer of an order of their own, and for a business's order its owner, the managers of its location and
 * its buyer while still on the team. Each process weighs only the accounts streaming on it, in one read per change,
 * and tells their streams in the order the changes came (a start and a release seconds apart must not swap). A failed
 * read is logged and that one change is missed: the dashboards also poll.
 */
export function createRequestStatusHub(ports: Uses<'database' | 'events' | 'log'>): RequestStatusHub {
  const listeners = new Map<string, Set<RequestStatusListener>>()
  let delivered: Promise<void> = Promise.resolve()

  async function deliver(change: RequestStatusChange) {
    if (listeners.size === 0) return
    const audience = await findAccountsReaching(ports.database.db, change.requestId, [...listeners.keys()])
    const event: RequestStatusEvent = { requestId: change.requestId, status: change.status }
    for (const userId of audience) for (const listener of listeners.get(userId) ?? []) listener(event)
  }

  const unsubscribe = ports.events.subscribe(REQUEST_STATUS_TOPIC, (payload) => {
    const change = JSON.parse(payload) as RequestStatusChange
    delivered = delivered
      .then(() => deliver(change))
      .catch((error: unknown) => ports.log.error({ err: error, requestId: change.requestId }, 'request status event not delivered'))
  })

  return {
    listen: (userId, listener) => {
      const own = listeners.get(userId) ?? new Set()
      listeners.set(userId, own.add(listener))
      return () => {
        own.delete(listener)
        if (own.size === 0 && listeners.get(userId) === own) listeners.delete(userId)
      }
    },
    close: unsubscribe,
  }
}
