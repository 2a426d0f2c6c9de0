import { DAY_MS } from '@keydesk/contracts/time'
import { afterEach, describe, expect, it } from 'vitest'
import { clearGuestInfo, readGuestInfo, saveGuestInfo } from './guest-info.ts'

afterEach(() => clearGuestInfo())

describe('guest info in the browser', () => {
  it('keeps guestUserId and cartId', () => {
    saveGuestInfo('g-1', 'c-1', 1000)
    expect(readGuestInfo(2000)).toEqual({ guestUserId: 'g-1', cartId: 'c-1', timestamp: 1000 })
  })

  it('expires after 24 hours', () => {
    saveGuestInfo('g-1', 'c-1', 0)
    expect(readGuestInfo(DAY_MS + 1)).toBeNull()
  })
})
