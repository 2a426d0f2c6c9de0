import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../ports.ts'
import { createTestDatabase } from './test-database.ts'

/**
 * Each test file's database starts as the migrated template, whatever the file before it did (decision 002): on
 * PGlite a given-back instance is emptied and lent again, on PostgreSQL each file clones the template.
 */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
const countOf = async (handle: DatabaseHandle, table: 'users' | 'action_log') =>
  Number(rowsOf(await handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n)
const triggerState = async (handle: DatabaseHandle) =>
  rowsOf(await handle.db.execute(sql`select tgenabled as state from pg_trigger where tgname = 'vehicle_requests_paid_vehicle_frozen'`))[0]
    ?.state

async function insertUsers(handle: DatabaseHandle, count: number) {
  await handle.db.execute(sql`insert into users (email, password_hash, fname, lname)
    select 'taken-back-' || n || '@example.com', 'x', 'Ann', 'Other' from generate_series(1, ${count}) as n`)
}

describe('a test file database', () => {
  it('starts empty, with its identities restarted and no statistics, after another file filled and analysed one', async () => {
    const first = await createTestDatabase()
    await insertUsers(first.handle, 500)
    await first.handle.db.execute(sql`insert into action_log (action, target_type, target_id) values ('test', 'test', 'test')`)
    await first.handle.db.execute(sql`analyze users`)
    await first.destroy()

    const second = await createTestDatabase()
    try {
      expect(await countOf(second.handle, 'users')).toBe(0)
      expect(await countOf(second.handle, 'action_log')).toBe(0)
      const statistics = rowsOf(
        await second.handle.db.execute(sql`select count(*)::int as n from pg_statistic where starelid = 'users'::regclass`),
      )
      expect(statistics[0]?.n).toBe(0)
      const [logged] = rowsOf(
        await second.handle.db.execute(
          sql`insert into action_log (action, target_type, target_id) values ('test', 'test', 'test') returning id`,
        ),
      )
      expect(Number(logged?.id)).toBe(1)
    } finally {
      await second.destroy()
    }
  })

  it('is never one whose schema a file changed: a trigger left disabled does not reach the next file', async () => {
    const first = await createTestDatabase()
    expect(await triggerState(first.handle)).toBe('O')
    await first.handle.db.execute(sql`alter table vehicle_requests disable trigger vehicle_requests_paid_vehicle_frozen`)
    await first.destroy()

    const second = await createTestDatabase()
    try {
      expect(await triggerState(second.handle)).toBe('O')
    } finally {
      await second.destroy()
    }
  })

  it('refuses every call once given back, so a write a finished file left in flight cannot land in the next one', async () => {
    const first = await createTestDatabase()
    await first.destroy()
    const second = await createTestDatabase()
    try {
      await expect(insertUsers(first.handle, 1)).rejects.toThrow()
      expect(await countOf(second.handle, 'users')).toBe(0)
    } finally {
      await second.destroy()
    }
  })
})
