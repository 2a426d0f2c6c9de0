import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makes } from '../modules/ordering/catalogue/repository.ts'
import { paidGuestOrder, paidMemberOrder } from '../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../test/test-app.ts'
import { withRowsMappedOnce } from './prepared-statements.ts'
import { vehicleRequests } from './schema/ordering.ts'
import { users } from './schema/users.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
  await paidMemberOrder(testApp)
  await paidGuestOrder(testApp)
})

afterAll(async () => {
  await testApp?.close()
})

/**
 * A selection with every kind of field drizzle maps: nested objects, a base-table object, a left-joined table's object
 * (null for a guest's request, who has no account), columns with decoders (timestamps), a field of a joined subquery,
 * an expression with its own decoder and an aliased one.
 */
const selection = () =>
  testApp.app.database.db
    .select({
      request: { id: vehicleRequests.id, createdAt: vehicleRequests.createdAt, paidAt: vehicleRequests.paidAt },
      buyer: { email: users.email, fname: users.fname, createdAt: users.createdAt },
      make: makes.name,
      cents: sql<number>`${vehicleRequests.priceCents} * 2`.mapWith(Number),
      label: sql<string>`${vehicleRequests.vin} || '-'`.as('label'),
      startedAt: vehicleRequests.startedAt,
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .leftJoin(users, eq(users.id, vehicleRequests.userId))
    .orderBy(desc(vehicleRequests.createdAt))

describe('a prepared select whose rows are mapped once', () => {
  it("answers the same rows as drizzle's own mapping, a left-joined table's object null where drizzle makes it null", async () => {
    const mappedByDrizzle = await selection()
    const statement = withRowsMappedOnce(selection().prepare('rows_mapped_once_test'))
    // drizzle calls the statement's own mapper when it has one, in place of its per-row mapping.
    expect((statement as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function')
    const mappedOnce = await statement.execute()

    expect(mappedOnce).toEqual(mappedByDrizzle)
    expect(mappedByDrizzle).toHaveLength(2)
    expect(mappedOnce.map((row) => row.buyer === null)).toEqual(mappedByDrizzle.map((row) => row.buyer === null))
    expect(mappedOnce.filter((row) => row.buyer === null)).toHaveLength(1)
    expect(mappedOnce[0]?.request.createdAt).toBeInstanceOf(Date)
    expect(typeof mappedOnce[0]?.cents).toBe('number')
  })
})
