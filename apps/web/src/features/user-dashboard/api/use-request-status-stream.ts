import { RequestStatusEventSchema } from '@keydesk/contracts/request-status'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { API_BASE } from '../../../lib/api-client.ts'
import { bulkKeys } from '../../bulk-order/api/use-bulk-order.ts'
import { teamKeys } from '../../team/api/use-team.ts'
import { userRequestKeys } from './user-request-keys.ts'

export const REQUEST_STATUS_STREAM_PATH = '/vehicle/user-requests/stream'

function isStatusEvent(data: string): boolean {
  try {
    return RequestStatusEventSchema.safeParse(JSON.parse(data)).success
  } catch {
    return false
  }
}

/**
 * The API's stream of the status changes of the orders the signed-in user reaches (docs/product.md, 'Catalogue, ordering and cart'):
 * their own, and an Enterprise business's as the access rule gives them. An event only says which
 * request moved; the lists are read back, so the keycode arrives by the usual signed-in call and never by the stream.
 * Errors are ignored, as the chat's are: EventSource reconnects by itself (to another instance after a deploy),
 * and the 5-second poll keeps the lists fresh meanwhile.
 */
export function useRequestStatusStream() {
  const queryClient = useQueryClient()
  useEffect(() => {
    // Without EventSource (very old browsers, test DOMs) the dashboard still refreshes by its poll.
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(`${API_BASE}${REQUEST_STATUS_STREAM_PATH}`, { withCredentials: true })
    source.addEventListener('request-status', (event) => {
      if (!isStatusEvent((event as MessageEvent<string>).data)) return
      void queryClient.invalidateQueries({ queryKey: userRequestKeys.all })
      // The request may belong to a batch, whose progress moves with it.
      void queryClient.invalidateQueries({ queryKey: bulkKeys.all })
      // An Enterprise owner's or manager's stream also carries the business's orders (docs/decisions/039).
      void queryClient.invalidateQueries({ queryKey: teamKeys.everyOrderList })
    })
    return () => source.close()
  }, [queryClient])
}
