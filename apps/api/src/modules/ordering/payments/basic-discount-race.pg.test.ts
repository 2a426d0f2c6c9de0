import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transactions } from '../../../db/schema/payments.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn } from '../../../test/accounts.ts'
import { addRequestsToCart, checkout, TEST_VEHICLES } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

/**
 * Basic's one discounted keycode a month (docs/decisions/021), on PostgreSQL with checkouts really in flight together
 * (*.pg.test.ts runs with TEST_DATABASE_URL): a Basic member opens several checkouts of a discounted Ford at once.
 * Whatever the interleaving, exactly one is accepted at the discounted amount.
 */
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const ROUNDS = 20
const AT_ONCE = 4

describe("checkouts racing for Basic's monthly discount", () => {
  it(`accept the discount once (${ROUNDS} rounds of ${AT_ONCE} checkouts at once)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const member = await registerAndSignIn(testApp)
      await testApp.app.database.db.update(users).set({ subscriptionTier: 'BASIC' }).where(eq(users.id, member.id))
      await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => checkout(testApp, 4675, member.headers)))
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(AT_ONCE - 1).fill(409)])
      const discounted = await testApp.app.database.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.userId, member.id))
      expect(discounted).toHaveLength(1)
    }
  }, 120_000)
})
