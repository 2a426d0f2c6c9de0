import { describe, expect, it } from 'vitest'
import { isDatabaseUnreachable } from './database-unreachable.ts'

const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {})
/** Drizzle wraps the driver's error as the cause of its own. */
const wrapped = (cause: Error) => new Error('Failed query: insert into "files" …', { cause })

describe('isDatabaseUnreachable', () => {
  it('recognises a refused connection and a server shutting down', () => {
    expect(isDatabaseUnreachable(pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true)
    expect(isDatabaseUnreachable(pgError('terminating connection due to administrator command', '57P01'))).toBe(true)
  })

  it('recognises a connection lost mid-transaction, and the next query on that client, through the query wrapper', () => {
    expect(isDatabaseUnreachable(wrapped(pgError('Connection terminated unexpectedly')))).toBe(true)
    expect(isDatabaseUnreachable(wrapped(pgError('Client has encountered a connection error and is not queryable')))).toBe(true)
  })

  it('does not mistake a refused write for a lost database', () => {
    expect(isDatabaseUnreachable(wrapped(pgError('duplicate key value violates unique constraint', '23505')))).toBe(false)
  })
})
