import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm'
import type { DbExecutor } from './database.ts'

const preparedByDatabase = new WeakMap<DbExecutor, Map<string, unknown>>()

/**
 * The statement named `name` for this database, built and prepared on first use and kept for the process: a hot read
 * built by drizzle on every call spends more of its CPU building than anything else. The name is the statement's
 * identity on each connection, so one name must always stand for one text (callers put what varies the text in it).
 * Its rows are mapped as `withRowsMappedOnce` says.
 */
export function preparedStatement<Statement>(db: DbExecutor, name: string, prepare: (name: string) => Statement): Statement {
  let statements = preparedByDatabase.get(db)
  if (!statements) {
    statements = new Map()
    preparedByDatabase.set(db, statements)
  }
  let statement = statements.get(name) as Statement | undefined
  if (statement === undefined) {
    statement = withRowsMappedOnce(prepare(name))
    statements.set(name, statement)
  }
  return statement
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown
}

/** One field of a select in drizzle's order: where its value goes in the row's object, and what the field is. */
interface OrderedField {
  path: string[]
  field: unknown
}

/** What drizzle keeps on a prepared select to map its rows: the ordered selection, and which joined tables may be null. */
interface PreparedSelectInternals {
  fields?: OrderedField[]
  joinsNotNullableMap?: Record<string, boolean>
  customResultMapper?: (rows: unknown[][]) => unknown
}

/** An expression's decoder, which drizzle marks internal. */
const decoderOfSql = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field
  if (is(field, SQL)) return decoderOfSql(field)
  if (is(field, Subquery)) return decoderOfSql((field._ as unknown as { sql: SQL }).sql)
  return decoderOfSql((field as SQL.Aliased).sql)
}

/**
 * A row mapper for one selection, worked out once: the same objects drizzle's own mapping makes (nested objects, each
 * value through its column's or expression's decoder, a left-joined table's object null when drizzle makes it null),
 * without asking every field of every row what kind of field it is. On the queue's page of 25 rows of 40 fields that
 * asking was about a sixth of the answer's CPU (docs/performance.md, "Fifth pass": rows mapped once).
 */
function compileRowMapper(
  fields: OrderedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): (row: unknown[]) => Record<string, unknown> {
  const slots = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1] as string,
    decoder: decoderOf(field),
    // A column of a nested object: its table, for drizzle's rule that an object whose first column is null and whose
    // table was left-joined is null as a whole.
    table: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : null,
    objectName: path[0] as string,
  }))
  const nullable = slots.some((slot) => slot.table !== null)
  return (row) => {
    const result: Record<string, unknown> = {}
    const nullify: Record<string, string | false> | null = nullable ? {} : null
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as (typeof slots)[number]
      let node = result
      for (const parent of slot.parents) {
        node[parent] ??= {}
        node = node[parent] as Record<string, unknown>
      }
      const raw = row[index]
      const value = raw === null ? null : slot.decoder.mapFromDriverValue(raw)
      node[slot.key] = value
      if (nullify && slot.table !== null) {
        const seen = nullify[slot.objectName]
        if (seen === undefined) nullify[slot.objectName] = value === null ? slot.table : false
        else if (typeof seen === 'string' && seen !== slot.table) nullify[slot.objectName] = false
      }
    }
    if (nullify && joinsNotNullableMap) {
      for (const objectName in nullify) {
        const table = nullify[objectName]
        if (typeof table === 'string' && !joinsNotNullableMap[table]) result[objectName] = null
      }
    }
    return result
  }
}

/**
 * Gives a prepared select a row mapper worked out once (compileRowMapper) in place of drizzle's, which works it out
 * again for every row. drizzle's prepared queries call a `customResultMapper` when they have one; its relational
 * queries use the same hook. Anything else is left as it is.
 */
export function withRowsMappedOnce<Statement>(statement: Statement): Statement {
  const internals = statement as PreparedSelectInternals
  if (Array.isArray(internals.fields) && internals.customResultMapper === undefined) {
    const mapRow = compileRowMapper(internals.fields, internals.joinsNotNullableMap)
    internals.customResultMapper = (rows) => rows.map(mapRow)
  }
  return statement
}
