import { GUEST_INFO_TTL_MS } from '@keydesk/contracts/limits'
import { z } from 'zod'

/** docs/product.md, 'Guests': guestUserId, cartId and a timestamp kept in the browser for 24 hours. */
const GuestInfoSchema = z.object({ guestUserId: z.string(), cartId: z.string(), timestamp: z.number() })
export type GuestInfo = z.infer<typeof GuestInfoSchema>

const KEY = 'keydesk.guestInfo'

export function readGuestInfo(now = Date.now()): GuestInfo | null {
  try {
    const parsed = GuestInfoSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'))
    if (!parsed.success) return null
    if (now - parsed.data.timestamp > GUEST_INFO_TTL_MS) {
      localStorage.removeItem(KEY)
      return null
    }
    return parsed.data
  } catch {
    return null
  }
}

export function saveGuestInfo(guestUserId: string, cartId: string, now = Date.now()) {
  const existing = readGuestInfo(now)
  // The 24 hours run from the guest's first request, as on the server.
  const timestamp = existing?.guestUserId === guestUserId ? existing.timestamp : now
  localStorage.setItem(KEY, JSON.stringify({ guestUserId, cartId, timestamp }))
}

export const clearGuestInfo = () => localStorage.removeItem(KEY)
