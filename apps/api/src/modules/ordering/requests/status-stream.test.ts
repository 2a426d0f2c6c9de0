import type { AddressInfo } from 'node:net'
import type { RequestStatusEvent } from '@keydesk/contracts/request-status'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { STREAMS_PER_ACCOUNT, TOO_MANY_STREAMS } from '../../../plugins/adapters/events.ts'
import { registerAndSignIn, type SignedIn } from '../../../test/accounts.ts'
import { openStream } from '../../../test/event-stream.ts'
import { createMember, type TestMember } from '../../../test/members.ts'
import { addRequestsToCart, checkout, deliver, findTransaction, paidSession, signedEvent } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

const STATUS_STREAM = '/api/vehicle/user-requests/stream'

let testApp: TestApp
let base: string
let admin: TestMember

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await createMember(testApp, 'ADMIN')
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await testApp.close()
})

/** Puts one request in the member's cart and pays for it through a signed webhook; answers the request id. */
async function payForOneRequest(member: SignedIn): Promise<string> {
  await addRequestsToCart(testApp, 1, member.headers)
  const { sessionId } = (await checkout(testApp, 6000, member.headers)).json() as { sessionId: string }
  expect((await deliver(testApp, signedEvent(testApp, 'checkout.session.completed', paidSession(sessionId, 6000)))).statusCode).toBe(200)
  const requestId = (await findTransaction(testApp, sessionId)).items[0]?.vehicleRequestId
  if (!requestId) throw new Error('the paid order holds no keycode request')
  return requestId
}

const eventsIn = (received: string) =>
  received
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as RequestStatusEvent)

describe('GET /vehicle/user-requests/stream', () => {
  it('tells the owner when payment queues their request and an admin starts and fulfils it, without the keycode or PIN', async () => {
    const owner = await registerAndSignIn(testApp)
    const stream = await openStream(base, owner.headers, STATUS_STREAM)
    expect(stream.status).toBe(200)
    expect(stream.contentType).toContain('text/event-stream')

    const requestId = await payForOneRequest(owner)
    await stream.waitFor(JSON.stringify({ requestId, status: 'PENDING' }))
    await testApp.app.inject({ method: 'POST', url: `/api/admin/update-request-status/${requestId}`, headers: admin.auth })
    await stream.waitFor(JSON.stringify({ requestId, status: 'INPROGRESS' }))
    const fulfilled = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/process-request',
      headers: admin.auth,
      payload: {
        vehicleId: requestId,
        keycode: 'KC-STREAM-4821',
        pincode: 'PIN-9157',
        overrideReason: 'Stream test: account review not needed',
      },
    })
    expect(fulfilled.statusCode).toBe(200)
    await stream.waitFor(JSON.stringify({ requestId, status: 'FULFILLED' }))

    expect(eventsIn(stream.received())).toEqual([
      { requestId, status: 'PENDING' },
      { requestId, status: 'INPROGRESS' },
      { requestId, status: 'FULFILLED' },
    ])
    expect(stream.received()).toContain('event: request-status\n')
    expect(stream.received()).not.toContain('KC-STREAM-4821')
    expect(stream.received()).not.toContain('PIN-9157')
  })

  it("never shows a user another user's status changes", async () => {
    const owner = await registerAndSignIn(testApp)
    const bystander = await registerAndSignIn(testApp)
    const ownerStream = await openStream(base, owner.headers, STATUS_STREAM)
    const bystanderStream = await openStream(base, bystander.headers, STATUS_STREAM)

    const requestId = await payForOneRequest(owner)
    await testApp.app.inject({ method: 'POST', url: `/api/admin/update-request-status/${requestId}`, headers: admin.auth })
    await ownerStream.waitFor(JSON.stringify({ requestId, status: 'INPROGRESS' }))
    // The bystander's own event comes after the owner's on the same connection: once it is here, a leak would be too.
    const ownRequestId = await payForOneRequest(bystander)
    await bystanderStream.waitFor(JSON.stringify({ requestId: ownRequestId, status: 'PENDING' }))

    expect(eventsIn(ownerStream.received())).toEqual([
      { requestId, status: 'PENDING' },
      { requestId, status: 'INPROGRESS' },
    ])
    expect(eventsIn(bystanderStream.received())).toEqual([{ requestId: ownRequestId, status: 'PENDING' }])
    expect(bystanderStream.received()).not.toContain(requestId)
  })

  it('refuses a visitor', async () => {
    const answer = await testApp.app.inject({ url: STATUS_STREAM })
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('ends open streams when the app shuts down', async () => {
    const closingApp = await createTestApp()
    try {
      const member = await createMember(closingApp, 'BASEUSER')
      await closingApp.app.listen({ port: 0, host: '127.0.0.1' })
      const stream = await openStream(
        `http://127.0.0.1:${(closingApp.app.server.address() as AddressInfo).port}`,
        member.auth,
        STATUS_STREAM,
      )
      expect(stream.status).toBe(200)
      await closingApp.app.close()
      await stream.ended
      expect(stream.received()).toContain(': connected')
    } finally {
      await closingApp.close()
    }
  })
})

describe('open streams per account', () => {
  it(`accepts ${STREAMS_PER_ACCOUNT} for one account, refuses the next with 429 and a message, and accepts again once one closes`, async () => {
    const member = await registerAndSignIn(testApp)
    const streams = []
    for (let index = 0; index < STREAMS_PER_ACCOUNT; index++) streams.push(await openStream(base, member.headers, STATUS_STREAM))
    expect(streams.map((stream) => stream.status)).toEqual(Array(STREAMS_PER_ACCOUNT).fill(200))
    const refused = await openStream(base, member.headers, STATUS_STREAM)
    expect(refused.status).toBe(429)
    await refused.ended
    expect(JSON.parse(refused.received())).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_STREAMS })
    // Another account is not affected.
    const other = await openStream(base, (await registerAndSignIn(testApp)).headers, STATUS_STREAM)
    expect(other.status).toBe(200)
    other.close()
    streams[0]?.close()
    // The server notices the closed socket within moments; until then the count still holds it.
    await vi.waitFor(async () => {
      const again = await openStream(base, member.headers, STATUS_STREAM)
      expect(again.status).toBe(200)
      again.close()
    })
    for (const stream of streams) stream.close()
  })
})
