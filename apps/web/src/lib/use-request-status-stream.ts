import { RequestStatusEventSchema } from '@keydesk/contracts/request-status'
import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { API_BASE } from './api-client.ts'

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
 * request moved; the lists under `queryKeys` (a constant of the page that shows them) are read back, so the keycode
 * arrives by the usual signed-in call and never by the stream.
 * Errors are ignored, as the chat's are: EventSource reconnects by itself (to another instance after a deploy),
 * and the 5-second poll keeps the lists fresh meanwhile.
 */
export function useRequestStatusStream(queryKeys: readonly QueryKey[]) {
  const queryClient = useQueryClient()
  useEffect(() => {
    // Without EventSource (very old browsers, test DOMs) the dashboard still refreshes by its poll.
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(`${API_BASE}${REQUEST_STATUS_STREAM_PATH}`, { withCredentials: true })
    source.addEventListener('request-status', (event) => {
      if (!isStatusEvent((event as MessageEvent<string>).data)) return
      for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey })
    })
    return () => source.close()
  }, [queryClient, queryKeys])
}
