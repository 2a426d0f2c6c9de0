import type { DbExecutor } from './database.ts'

const preparedByDatabase = new WeakMap<DbExecutor, Map<string, unknown>>()

/**
 * The statement named `name` for this database, built and prepared on first use and kept for the process: a hot read
 * built by drizzle on every call spends more of its CPU building than anything else. The name is the statement's
 * identity on each connection, so one name must always stand for one text (callers put what varies the text in it).
 */
export function preparedStatement<Statement>(db: DbExecutor, name: string, prepare: (name: string) => Statement): Statement {
  let statements = preparedByDatabase.get(db)
  if (!statements) {
    statements = new Map()
    preparedByDatabase.set(db, statements)
  }
  let statement = statements.get(name) as Statement | undefined
  if (statement === undefined) {
    statement = prepare(name)
    statements.set(name, statement)
  }
  return statement
}
