import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { outerColumn } from './outer-column.ts'
import { vehicleRequests } from './schema/ordering.ts'

describe('outerColumn', () => {
  it('names the column with its table, so a subquery cannot bind it to its own table', () => {
    expect(new PgDialect().sqlToQuery(outerColumn(vehicleRequests.userId)).sql).toBe('"vehicle_requests"."user_id"')
  })
})
