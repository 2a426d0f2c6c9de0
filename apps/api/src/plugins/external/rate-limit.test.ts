import { describe, expect, it } from 'vitest'
import { uniqueIp } from '../../test/accounts.ts'
import { contactAlternately, createTwoInstances } from '../../test/rate-limit-instances.ts'
import { createTestApp } from '../../test/test-app.ts'

describe('rate limits without Redis', () => {
  it('counts in each process apart when REDIS_URL is unset, so two instances let twice the limit through', async () => {
    const { first, second, close } = await createTwoInstances()
    try {
      const statuses = await contactAlternately([first.app, second], 12, uniqueIp())
      expect(statuses).toEqual([...Array(10).fill(201), 429, 429])
    } finally {
      await close()
    }
  })

  it('starts and serves without waiting on Redis, unlimited, when REDIS_URL points at no Redis', async () => {
    // Port 1: nothing listens there, so every connection attempt is refused.
    const testApp = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' })
    try {
      expect(testApp.logs()).toContain('Redis not reachable at start-up: rate limits not enforced')
      const startedAt = Date.now()
      const statuses = await contactAlternately([testApp.app], 7, uniqueIp())
      expect(statuses).toEqual(Array(7).fill(201))
      // Each call skips the count at once rather than waiting for ioredis to reconnect (up to 2 s a try).
      expect(Date.now() - startedAt).toBeLessThan(1_500)
    } finally {
      await testApp.close()
    }
  })
})
