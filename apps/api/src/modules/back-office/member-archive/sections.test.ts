import { getTableColumns, getTableName, is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import * as schema from '../../../db/schema/index.ts'
import { ARCHIVED_TABLES, type ArchivedTable, NOT_ARCHIVED } from './sections.ts'

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))
const byName = new Map(tables.map((table) => [getTableName(table), table]))
const archived: Record<string, ArchivedTable> = ARCHIVED_TABLES

/** Columns that name an account without a foreign key (the log keeps who acted after the account is gone). */
const accountColumn = (name: string) => /(^|_)user_id$/.test(name) || name === 'actor_id'

/**
 * The tables that hold a member's data: those that point at an account (by a foreign key to users, or a column
 * naming one), and, following foreign keys, those that point at such a table, users itself included.
 */
function tablesWithMemberData(): Set<string> {
  const linked = new Set(['users'])
  let grew = true
  while (grew) {
    grew = false
    for (const table of tables) {
      const name = getTableName(table)
      if (linked.has(name)) continue
      const config = getTableConfig(table)
      const pointsAtLinked = config.foreignKeys.some((key) => linked.has(getTableName(key.reference().foreignTable)))
      if (pointsAtLinked || config.columns.some((column) => accountColumn(column.name))) {
        linked.add(name)
        grew = true
      }
    }
  }
  return linked
}

describe('the data archive declaration', () => {
  it('covers or excludes, with a reason, every table that holds a member’s data', () => {
    const undeclared = [...tablesWithMemberData()].filter((name) => !(name in archived) && !(name in NOT_ARCHIVED))
    expect(undeclared, 'tables with member data the archive neither covers nor lists as left out').toEqual([])
  })

  it('names only tables of the schema, and none both archived and left out', () => {
    const declared = [...Object.keys(archived), ...Object.keys(NOT_ARCHIVED)]
    expect(declared.filter((name) => !byName.has(name))).toEqual([])
    expect(Object.keys(archived).filter((name) => name in NOT_ARCHIVED)).toEqual([])
  })

  it('gives a reason for every table left out and every column withheld', () => {
    const reasons = [...Object.values(NOT_ARCHIVED), ...Object.values(archived).flatMap((table) => Object.values(table.withheld))]
    expect(reasons.filter((reason) => reason.trim().length < 20)).toEqual([])
  })

  it('names every column of an archived table once: shown, opened or withheld', () => {
    const problems: string[] = []
    for (const [name, declared] of Object.entries(archived)) {
      const table = byName.get(name)
      if (!table) continue
      const columns = Object.keys(getTableColumns(table))
      const named = [...declared.shown, ...Object.keys(declared.opened ?? {}), ...Object.keys(declared.withheld)]
      for (const column of columns) if (!named.includes(column)) problems.push(`${name}.${column} is named nowhere`)
      for (const column of named) if (!columns.includes(column)) problems.push(`${name}.${column} is not a column`)
      for (const column of new Set(named))
        if (named.filter((other) => other === column).length > 1) problems.push(`${name}.${column} twice`)
    }
    expect(problems).toEqual([])
  })

  it('withholds every column that holds a secret or key material', () => {
    const secretLike = /hash|secret|sealed|token|credential|public_key/
    const shownSecrets = Object.entries(archived).flatMap(([name, declared]) => {
      const table = byName.get(name)
      if (!table) return []
      const columns = getTableColumns(table)
      return declared.shown.filter((column) => secretLike.test(columns[column]?.name ?? '')).map((column) => `${name}.${column}`)
    })
    expect(shownSecrets).toEqual([])
  })

  it('sees a new table that points at an account', async () => {
    const { pgTable, uuid } = await import('drizzle-orm/pg-core')
    const planted = pgTable('planted_member_notes', {
      id: uuid('id').primaryKey(),
      userId: uuid('user_id').references(() => schema.users.id),
    })
    tables.push(planted)
    try {
      expect(tablesWithMemberData().has('planted_member_notes')).toBe(true)
    } finally {
      tables.pop()
    }
  })
})
