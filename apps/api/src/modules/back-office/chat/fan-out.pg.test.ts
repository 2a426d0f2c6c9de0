import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../../entry/app.ts'
import { openStream } from '../../../test/event-stream.ts'
import { createMember } from '../../../test/members.ts'
import { createTestApp } from '../../../test/test-app.ts'

const inThreeDays = () => new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)

/** PostgreSQL only (vitest.config.ts includes *.pg.test.ts when TEST_DATABASE_URL is set): PGlite has one process. */
describe('chat fan-out on PostgreSQL', () => {
  it('delivers across two app instances sharing one PostgreSQL through LISTEN/NOTIFY', async () => {
    const first = await createTestApp()
    const second = await buildApp({ config: first.config, database: first.database.handle })
    try {
      const member = await createMember(first, 'BASEUSER', { trialEndsAt: inThreeDays() })
      const agent = await createMember(first, 'ADMIN')
      await second.listen({ port: 0, host: '127.0.0.1' })
      const secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`
      const agentStream = await openStream(secondBase, agent.auth)
      await first.app.inject({ method: 'POST', url: '/api/chat/send', headers: member.auth, payload: { message: 'sent to instance one' } })
      await agentStream.waitFor('sent to instance one')
      expect(agentStream.received()).toContain('sent to instance one')
      await second.close()
      await agentStream.ended
    } finally {
      await second.close()
      await first.close()
    }
  })
})
