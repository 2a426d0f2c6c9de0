import { KEY_TYPE_LABELS } from '@keydesk/contracts/admin'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SignedIn, signedInAdmin, signInAgain } from '../../../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp-catcher.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let smtp: SmtpCatcher
let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  smtp = await startSmtpCatcher()
  testApp = await createTestApp({ SMTP_URL: smtp.url })
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
  await smtp.close()
})

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text)

async function release(order: { requestId: string }, body: Record<string, unknown>) {
  await signInAgain(testApp, admin)
  expect((await startRequest(testApp, admin, order.requestId)).statusCode).toBe(200)
  const released = await processRequest(testApp, admin, { vehicleId: order.requestId, identityChecked: true, ...body })
  expect(released.statusCode, released.body).toBe(200)
}

const suggestions = async (requestId: string, headers = admin.headers) =>
  testApp.app.inject({ method: 'GET', url: `/api/admin/key-blanks?requestId=${requestId}`, headers })

describe('the key type given with a keycode', () => {
  it('reaches the member with the code: in the account and in the mail', async () => {
    const order = await paidMemberOrder(testApp, { validated: true })
    await release(order, { keycode: 'KC-KT-1', keyBlank: 'HON66', transponder: 'ID47 (Hitag 3)' })
    const dashboard = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: order.member.headers })).json()
    expect(dashboard.fulfilledRequests).toEqual([
      expect.objectContaining({ id: order.requestId, keycode: 'KC-KT-1', keyBlank: 'HON66', transponder: 'ID47 (Hitag 3)' }),
    ])
    await testApp.app.mail.deliverDue()
    const mail = smtp.received.find((item) => addressOf(item) === order.member.email && item.subject?.startsWith('Your keycode'))
    expect(mail?.text).toContain(`${KEY_TYPE_LABELS.keyBlank}: HON66`)
    expect(mail?.text).toContain(`${KEY_TYPE_LABELS.transponder}: ID47 (Hitag 3)`)
  })

  it('reaches a guest on the order link', async () => {
    const guest = await paidGuestOrder(testApp)
    await release(guest, { keycode: 'KC-KT-2', keyBlank: 'HON66' })
    await testApp.app.mail.deliverDue()
    const mail = smtp.received.find((item) => addressOf(item) === guest.email && item.subject?.startsWith('Your keycode'))
    const token = /\/order-link#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1]
    const opened = (await testApp.app.inject({ method: 'POST', url: '/api/order-link', payload: { token } })).json()
    expect(opened).toMatchObject({ keycode: 'KC-KT-2', keyBlank: 'HON66', transponder: null })
  })

  it('asks for none of it: a release without a key type stores nulls', async () => {
    const order = await paidMemberOrder(testApp, { validated: true })
    await release(order, { keycode: 'KC-KT-3', keyBlank: '  ' })
    const dashboard = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: order.member.headers })).json()
    expect(dashboard.fulfilledRequests).toEqual([expect.objectContaining({ id: order.requestId, keyBlank: null, transponder: null })])
  })

  it("suggests the same vehicle's earlier key blanks, most given first, to admins only", async () => {
    for (const keyBlank of ['HON66-B', 'HON66-A', 'HON66-A'])
      await release(await paidMemberOrder(testApp, { validated: true }), { keycode: 'KC', keyBlank })
    const next = await paidMemberOrder(testApp, { validated: true })
    const answer = await suggestions(next.requestId)
    expect(answer.statusCode).toBe(200)
    const { keyBlanks } = answer.json()
    expect(keyBlanks.indexOf('HON66-A')).toBeGreaterThanOrEqual(0)
    expect(keyBlanks.indexOf('HON66-A')).toBeLessThan(keyBlanks.indexOf('HON66-B'))
    expect((await suggestions(next.requestId, next.member.headers)).statusCode).toBe(403)
    expect((await suggestions('not-an-id')).statusCode).toBe(400)
  })

  it('refuses a key blank longer than the form allows, and releases nothing', async () => {
    const order = await paidMemberOrder(testApp, { validated: true })
    await signInAgain(testApp, admin)
    expect((await startRequest(testApp, admin, order.requestId)).statusCode).toBe(200)
    const refused = await processRequest(testApp, admin, { vehicleId: order.requestId, keycode: 'KC-KT-4', keyBlank: 'X'.repeat(61) })
    expect(refused.statusCode).toBe(400)
    const dashboard = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: order.member.headers })).json()
    expect(dashboard.inProgressRequests.map((row: { id: string }) => row.id)).toContain(order.requestId)
  })
})
