/** Errors a database driver raises when the server cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001'])

/** Whether an error (or one of its causes) says the database could not be reached or went away mid-call. */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true
    const message = (current as { message?: unknown }).message
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|not queryable/i.test(message)
    )
      return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
