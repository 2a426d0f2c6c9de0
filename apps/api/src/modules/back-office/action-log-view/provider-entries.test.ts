import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidMemberOrder } from '../../../test/paid-orders.ts'
import { deliver } from '../../../test/payments.ts'
import { chargeRefunded, disputeEvent } from '../../../test/provider-events.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp
let superAdmin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp()
  superAdmin = await signedInAdmin(testApp, 'SUPER_ADMIN')
})

afterAll(async () => {
  await testApp.close()
})

type Entry = { kind: string; kindLabel: string; text: string; actor: unknown; link: unknown }
async function entriesOfKind(kind: string) {
  const answer = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/action-log?limit=100&kind=${kind}`,
    headers: superAdmin.headers,
  })
  expect(answer.statusCode).toBe(200)
  return answer.json().entries as Entry[]
}

describe("the action log's entries of the payment provider's news", () => {
  it('tells of a dashboard refund and of the part no line accounts for, naming no actor', async () => {
    const { transaction } = await paidMemberOrder(testApp)
    expect((await deliver(testApp, chargeRefunded(testApp, transaction.paymentIntentId as string, 7000))).statusCode).toBe(200)
    const [refunded] = await entriesOfKind('KEYCODE_REFUNDED_AT_PROVIDER')
    expect(refunded).toMatchObject({ actor: null, kindLabel: "Refunded in the payment provider's dashboard" })
    expect(refunded?.text).toContain(`${transaction.confirmationNumber}`)
    expect(refunded?.text).toContain("was refunded $60.00 in the payment provider's dashboard")
    const [unmatched] = await entriesOfKind('PROVIDER_REFUND_UNMATCHED')
    expect(unmatched?.text).toBe(
      `$10.00 refunded in the payment provider's dashboard on order ${transaction.confirmationNumber} matches no whole keycode line; check it by hand`,
    )
  })

  it("tells of a dispute with the buyer's name and the card network's reason", async () => {
    const { member, transaction } = await paidMemberOrder(testApp)
    const { event } = disputeEvent(testApp, 'charge.dispute.created', { paymentIntentId: transaction.paymentIntentId as string })
    expect((await deliver(testApp, event)).statusCode).toBe(200)
    const entry = (await entriesOfKind('PAYMENT_DISPUTED')).find((item) => item.text.includes(member.email))
    expect(entry?.text).toMatch(
      new RegExp(`^The card issuer of .+ disputed \\$60\\.00 of order ${transaction.confirmationNumber}; reason: fraudulent$`),
    )
    expect(entry?.link).toMatchObject({ kind: 'user', search: member.email })
  })
})
