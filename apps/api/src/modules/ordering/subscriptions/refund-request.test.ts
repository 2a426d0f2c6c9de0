import { ANNUAL_PLAN_MONTH_MS, REFUND_MESSAGES, REFUND_REFUSALS } from '@keydesk/contracts/refunds'
import { DAY_MS } from '@keydesk/contracts/time'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { subscriptions } from '../../../db/schema/payments.ts'
import { registerAndSignIn, type SignedIn, signInAgain, signInAsBootstrapSuperAdmin } from '../../../test/accounts.ts'
import { memberWithPlan } from '../../../test/plans.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'

const clock = testClock(new Date('2026-03-02T09:00:00Z'))
let testApp: TestApp
let superAdmin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  superAdmin = await signInAsBootstrapSuperAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const ask = (member: SignedIn) =>
  testApp.app.inject({ method: 'POST', url: '/api/user/subscription/refund-request', headers: member.headers })
const planRow = async (id: string) => (await testApp.app.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]

describe('POST /user/subscription/refund-request', () => {
  it("records the member's request for the policy's refund today, stops the renewal and says the amount", async () => {
    const { member, planId } = await memberWithPlan(testApp, 'PROFESSIONAL', 'ANNUAL')
    clock.advance(2 * ANNUAL_PLAN_MONTH_MS + DAY_MS)
    await signInAgain(testApp, member, superAdmin)
    const preview = (
      await testApp.app.inject({ method: 'GET', url: `/api/admin/subscriptions/${planId}/refund`, headers: superAdmin.headers })
    ).json()

    const answer = await ask(member)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      status: 'CANCELLED',
      autoRenew: false,
      refundRequestedAt: clock.now().toISOString(),
      refund: null,
      message: REFUND_MESSAGES.requested(preview.refund.amountCents),
    })
    expect(await planRow(planId)).toMatchObject({ status: 'CANCELLED', autoRenew: false })
    const [logged] = await testApp.app.database.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.targetId, planId), eq(actionLog.action, 'PLAN_REFUND_REQUESTED')))
    expect(logged).toMatchObject({ actorId: member.id, details: expect.objectContaining({ amountCents: preview.refund.amountCents }) })

    const listed = (
      await testApp.app.inject({ method: 'GET', url: '/api/admin/subscriptions?limit=100', headers: superAdmin.headers })
    ).json()
    const rows = Array.isArray(listed) ? listed : listed.subscriptions
    expect(rows.find((row: { id: string }) => row.id === planId)).toMatchObject({ refundRequestedAt: clock.now().toISOString() })
  })

  it('then shows the refund issued with its day and amount, once a super admin pays it', async () => {
    const { member, planId } = await memberWithPlan(testApp, 'BASIC', 'ANNUAL')
    clock.advance(DAY_MS)
    await signInAgain(testApp, member, superAdmin)
    expect((await ask(member)).statusCode).toBe(200)
    const issued = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${planId}/refund`,
      headers: superAdmin.headers,
    })
    expect(issued.statusCode).toBe(200)

    const followed = (await testApp.app.inject({ method: 'GET', url: '/api/user/subscription', headers: member.headers })).json()
    expect(followed.refundRequestedAt).toEqual(expect.any(String))
    expect(followed.refund).toEqual({ amountCents: issued.json().amountCents, refundedAt: clock.now().toISOString() })
    expect(followed.status).toBe('EXPIRED')
  })

  it('is refused the second time, with nothing changed', async () => {
    const { member, planId } = await memberWithPlan(testApp, 'BASIC', 'ANNUAL')
    expect((await ask(member)).statusCode).toBe(200)
    const before = await planRow(planId)
    const again = await ask(member)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(REFUND_MESSAGES.alreadyRequested)
    expect(await planRow(planId)).toEqual(before)
  })

  it("refuses a monthly plan with the policy's reason, and leaves it renewing", async () => {
    const { member, planId } = await memberWithPlan(testApp, 'BASIC', 'MONTHLY')
    const answer = await ask(member)
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(`No refund: ${REFUND_REFUSALS.MONTHLY}`)
    expect(await planRow(planId)).toMatchObject({ status: 'ACTIVE', autoRenew: true, refundRequestedAt: null })
  })

  it('refuses a member without a plan', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await ask(member)
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(REFUND_MESSAGES.noPlanToRefund)
  })

  it('refuses visitors and back-office accounts: only the member asks for their own plan', async () => {
    expect((await testApp.app.inject({ method: 'POST', url: '/api/user/subscription/refund-request' })).statusCode).toBe(401)
    expect((await ask(superAdmin)).statusCode).toBe(403)
  })
})
