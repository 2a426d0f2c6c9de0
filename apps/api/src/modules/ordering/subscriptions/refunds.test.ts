import { ANNUAL_PLAN_MONTH_MS, planRefund, REFUND_MESSAGES, REFUND_PROCESSING_FEE_CENTS, REFUND_REFUSALS } from '@keydesk/contracts/refunds'
import { DAY_MS } from '@keydesk/contracts/time'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { subscriptions } from '../../../db/schema/payments.ts'
import { planRefunds, sandboxRefunds } from '../../../db/schema/refunds.ts'
import { type SignedIn, signedInAdmin, signInAgain, signInAsBootstrapSuperAdmin } from '../../../test/accounts.ts'
import { memberWithPlan as boughtPlan } from '../../../test/plans.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { openBodies } from '../../platform/mail/outbox.ts'

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

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  testApp.app.inject({ method, url, headers, payload })
const refundUrl = (planId: string) => `/api/admin/subscriptions/${planId}/refund`

const memberWithPlan = (tier: 'BASIC' | 'PROFESSIONAL', billing: 'MONTHLY' | 'ANNUAL') => boughtPlan(testApp, tier, billing)

/** Moves the app's clock on and signs the callers in again (access tokens expire on that clock). */
async function advance(ms: number, ...accounts: SignedIn[]) {
  clock.advance(ms)
  await signInAgain(testApp, superAdmin, ...accounts)
}

const refundsAtProvider = (paymentIntentId: string) =>
  testApp.app.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, paymentIntentId))

describe('GET /admin/subscriptions/{id}/refund', () => {
  it('previews unused months of 12 times the fee, less $5, as the policy gives it today', async () => {
    const { member, planId } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    await advance(2 * ANNUAL_PLAN_MONTH_MS + DAY_MS, member)
    const answer = await call('GET', refundUrl(planId), superAdmin.headers)
    expect(answer.statusCode).toBe(200)
    const preview = answer.json()
    // Two whole months used and the third begun: 9 unused.
    expect(preview).toMatchObject({
      subscriptionId: planId,
      tier: 'PROFESSIONAL',
      billing: 'ANNUAL',
      memberEmail: member.email,
      issued: null,
    })
    expect(preview.refund).toMatchObject({ unusedMonths: 9, reason: null })
    expect(preview.refund.amountCents).toBe(Math.floor((9 * preview.feeCents) / 12) - REFUND_PROCESSING_FEE_CENTS)
    expect(preview.refund.message).toMatch(/^9 unused months of 12 × \$[\d.,]+, less the \$5\.00 processing fee\.$/)
  })

  it('says why a monthly plan gets none', async () => {
    const { planId } = await memberWithPlan('BASIC', 'MONTHLY')
    const preview = (await call('GET', refundUrl(planId), superAdmin.headers)).json()
    expect(preview.refund).toEqual({ amountCents: 0, unusedMonths: 0, reason: 'MONTHLY', message: REFUND_REFUSALS.MONTHLY })
  })

  it('answers 404 for a plan that does not exist', async () => {
    const answer = await call('GET', refundUrl(crypto.randomUUID()), superAdmin.headers)
    expect(answer.statusCode).toBe(404)
    expect(answer.json().message).toBe(REFUND_MESSAGES.notFound)
  })
})

describe('POST /admin/subscriptions/{id}/refund', () => {
  it('pays the previewed amount back at the provider against the plan payment', async () => {
    const { member, planId, paymentIntentId } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    await advance(DAY_MS, member)
    const preview = (await call('GET', refundUrl(planId), superAdmin.headers)).json()
    const issued = await call('POST', refundUrl(planId), superAdmin.headers)
    expect(issued.statusCode).toBe(200)
    expect(issued.json()).toMatchObject({
      subscriptionId: planId,
      amountCents: preview.refund.amountCents,
      message: REFUND_MESSAGES.issued(preview.refund.amountCents),
    })
    const atProvider = await refundsAtProvider(paymentIntentId)
    expect(atProvider).toHaveLength(1)
    expect(atProvider[0]).toMatchObject({ amountCents: preview.refund.amountCents, idempotencyKey: `plan-refund:${planId}` })
  })

  it('ends the refunded plan at once and takes the member back to no plan', async () => {
    const { member, planId } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    expect((await call('GET', '/api/keycode-user/subscription', member.headers)).json()).toEqual({ tier: 'PROFESSIONAL' })
    const issued = (await call('POST', refundUrl(planId), superAdmin.headers)).json()
    expect((await call('GET', '/api/keycode-user/subscription', member.headers)).json()).toEqual({ tier: 'NONE' })
    const plan = (await call('GET', '/api/user/subscription', member.headers)).json()
    expect(plan).toMatchObject({ status: 'EXPIRED', autoRenew: false, endDate: clock.now().toISOString() })
    expect(plan.refund).toEqual({ amountCents: issued.amountCents, refundedAt: issued.refundedAt })
    expect((await call('GET', refundUrl(planId), superAdmin.headers)).json()).toMatchObject({
      status: 'EXPIRED',
      refund: { amountCents: 0, reason: 'REFUNDED' },
      issued: { status: 'REFUNDED', amountCents: issued.amountCents },
    })
  })

  it('refuses a second refund of the same plan with 409', async () => {
    const { planId, paymentIntentId } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    expect((await call('POST', refundUrl(planId), superAdmin.headers)).statusCode).toBe(200)
    const again = await call('POST', refundUrl(planId), superAdmin.headers)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(REFUND_REFUSALS.REFUNDED)
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(1)
  })

  it('pays exactly one refund at the provider when two issues of the same plan arrive at once', async () => {
    const { planId, paymentIntentId } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    const refund = vi.spyOn(testApp.app.payments, 'refund')
    try {
      const answers = await Promise.all([
        call('POST', refundUrl(planId), superAdmin.headers),
        call('POST', refundUrl(planId), superAdmin.headers),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
      expect(refund).toHaveBeenCalledTimes(1)
    } finally {
      refund.mockRestore()
    }
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(1)
  })

  it('refuses a monthly plan and says why, paying nothing', async () => {
    const { planId, paymentIntentId } = await memberWithPlan('BASIC', 'MONTHLY')
    const answer = await call('POST', refundUrl(planId), superAdmin.headers)
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(REFUND_REFUSALS.MONTHLY)
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(0)
  })

  it('refuses an annual plan in its last month, where the unused months fall under the $10 minimum', async () => {
    const { member, planId, paymentIntentId } = await memberWithPlan('BASIC', 'ANNUAL')
    await advance(11 * ANNUAL_PLAN_MONTH_MS, member)
    const answer = await call('POST', refundUrl(planId), superAdmin.headers)
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(REFUND_REFUSALS.BELOW_MINIMUM)
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(0)
  })

  it('refuses members and admins: only a super admin issues or previews a refund', async () => {
    const { member, planId, paymentIntentId } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    const admin = await signedInAdmin(testApp)
    for (const headers of [member.headers, admin.headers]) {
      expect((await call('POST', refundUrl(planId), headers)).statusCode).toBe(403)
      expect((await call('GET', refundUrl(planId), headers)).statusCode).toBe(403)
    }
    expect((await call('POST', refundUrl(planId), {})).statusCode).toBe(401)
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(0)
  })

  it('records PLAN_REFUNDED with the amount in the action log', async () => {
    const { planId, confirmationNumber } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    const issued = (await call('POST', refundUrl(planId), superAdmin.headers)).json()
    const [entry] = await testApp.app.database.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'PLAN_REFUNDED'), eq(actionLog.targetId, planId)))
    expect(entry).toMatchObject({
      actorId: superAdmin.id,
      targetType: 'subscription',
      details: { amountCents: issued.amountCents, confirmationNumber },
    })
    const listed = (await call('GET', '/api/admin/actions', superAdmin.headers)).json()
    expect(listed.find((action: { targetId: string }) => action.targetId === planId)?.summary).toBe(
      `Refunded ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(issued.amountCents / 100)} (order ${confirmationNumber})`,
    )
  })

  it('queues a mail to the member that greets them by first name and gives the amount', async () => {
    const { member, planId, confirmationNumber } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    const issued = (await call('POST', refundUrl(planId), superAdmin.headers)).json()
    const [row] = await testApp.app.database.db.select().from(planRefunds).where(eq(planRefunds.subscriptionId, planId))
    const [mail] = await testApp.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `plan-refund:${row?.id}`))
    expect(mail?.toAddress).toBe(member.email)
    const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(issued.amountCents / 100)
    expect(mail?.subject).toBe(`Keydesk refund of ${amount} issued`)
    const { text } = openBodies(mail as NonNullable<typeof mail>, testApp.app.secretKey)
    expect(text.startsWith('Hello Rosa,')).toBe(true)
    expect(text).toContain(`Refunded: ${amount}`)
    expect(text).toContain(`Order: ${confirmationNumber}`)
  })

  it("lists the refund in the member's order history and on the back office's subscriptions and transactions", async () => {
    const { member, planId, confirmationNumber } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    const issued = (await call('POST', refundUrl(planId), superAdmin.headers)).json()
    const orders = (await call('GET', '/api/user/orders', member.headers)).json()
    expect(orders.refunds).toEqual([
      {
        id: expect.any(String),
        refundedAt: issued.refundedAt,
        tier: 'PROFESSIONAL',
        billing: 'ANNUAL',
        confirmationNumber,
        amountCents: issued.amountCents,
      },
    ])
    const listed = (await call('GET', '/api/admin/subscriptions?limit=100&offset=0', superAdmin.headers)).json()
    expect(listed.find((plan: { id: string }) => plan.id === planId)).toMatchObject({
      billing: 'ANNUAL',
      refundedCents: issued.amountCents,
    })
    // A plan-only order holds no request for the search to find: it is read from the newest page.
    const transactionsListed = (await call('GET', '/api/admin/transactions?limit=100', superAdmin.headers)).json()
    expect(
      transactionsListed.find((order: { confirmationNumber: string }) => order.confirmationNumber === confirmationNumber),
    ).toMatchObject({
      paymentStatus: 'PAID',
      refundedCents: issued.amountCents,
    })
  })

  it('after a provider failure, records nothing refunded and pays once, the same amount, when issued again', async () => {
    const { planId, paymentIntentId } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    const refund = vi.spyOn(testApp.app.payments, 'refund').mockRejectedValueOnce(new Error('card network down'))
    try {
      const failed = await call('POST', refundUrl(planId), superAdmin.headers)
      expect(failed.statusCode).toBe(503)
      expect(failed.json().message).toBe(REFUND_MESSAGES.providerFailed)
      const [row] = await testApp.app.database.db.select().from(planRefunds).where(eq(planRefunds.subscriptionId, planId))
      expect(row).toMatchObject({ status: 'FAILED', lastError: 'card network down' })
      expect(await refundsAtProvider(paymentIntentId)).toHaveLength(0)

      const retried = await call('POST', refundUrl(planId), superAdmin.headers)
      expect(retried.statusCode).toBe(200)
      expect(retried.json().amountCents).toBe(row?.amountCents)
      expect(refund.mock.calls.map(([request]) => request.idempotencyKey)).toEqual([`plan-refund:${planId}`, `plan-refund:${planId}`])
    } finally {
      refund.mockRestore()
    }
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(1)
  })

  it('refuses a second attempt while the first is still at the provider, and finishes one left pending by a crash', async () => {
    const { planId, paymentIntentId } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    const fee = (await call('GET', refundUrl(planId), superAdmin.headers)).json().feeCents
    // A process that recorded the attempt and died before recording the provider's answer.
    const [plan] = await testApp.app.database.db.select().from(subscriptions).where(eq(subscriptions.id, planId))
    if (!plan) throw new Error('no plan')
    const amountCents = planRefund({ ...plan, feeCents: fee, refunded: false }, clock.now()).amountCents
    await testApp.app.database.db.insert(planRefunds).values({
      subscriptionId: planId,
      userId: plan.userId,
      transactionId: plan.transactionId,
      amountCents,
      provider: 'sandbox',
      attemptedAt: clock.now(),
    })
    const busy = await call('POST', refundUrl(planId), superAdmin.headers)
    expect(busy.statusCode).toBe(409)
    expect(busy.json().message).toBe(REFUND_MESSAGES.inProgress)
    await advance(3 * 60 * 1000)
    const finished = await call('POST', refundUrl(planId), superAdmin.headers)
    expect(finished.statusCode).toBe(200)
    expect(finished.json().amountCents).toBe(amountCents)
    expect(await refundsAtProvider(paymentIntentId)).toHaveLength(1)
  })
})

describe('GET /user/subscription', () => {
  it("carries the plan's fee, so the member's screen applies the same rule", async () => {
    const { member, planId } = await memberWithPlan('PROFESSIONAL', 'ANNUAL')
    const plan = (await call('GET', '/api/user/subscription', member.headers)).json()
    const preview = (await call('GET', refundUrl(planId), superAdmin.headers)).json()
    expect(plan.feeCents).toBe(preview.feeCents)
    expect(plan.refund).toBeNull()
    expect(planRefund(plan, clock.now()).amountCents).toBe(preview.refund.amountCents)
  })
})
