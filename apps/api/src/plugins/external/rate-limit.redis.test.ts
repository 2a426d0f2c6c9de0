import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { uniqueIp } from '../../test/accounts.ts'
import { contactAlternately, createTwoInstances } from '../../test/rate-limit-instances.ts'

/** Redis only (vitest.config.ts includes *.redis.test.ts when REDIS_URL is set). */
const redisUrl = process.env.REDIS_URL ?? ''

/** Removes this test's counters only: the Redis is shared, so never a flush. */
async function deleteKeys(nameSpace: string) {
  const redis = new Redis(redisUrl)
  try {
    const keys = await redis.keys(`${nameSpace}*`)
    if (keys.length > 0) await redis.del(...keys)
  } finally {
    redis.disconnect()
  }
}

describe('rate limits with REDIS_URL', () => {
  it('shares one count between two instances: calls alternating between them are refused after the fifth in all', async () => {
    const { first, second, nameSpace, close } = await createTwoInstances({ REDIS_URL: redisUrl })
    try {
      const statuses = await contactAlternately([first.app, second], 8, uniqueIp())
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429])
      console.log(
        `shared rate limit: 2 instances, 8 alternating calls, ${statuses.filter((status) => status === 201).length} accepted (limit 5)`,
      )
    } finally {
      await close()
      await deleteKeys(nameSpace)
    }
  })
})
