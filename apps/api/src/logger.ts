import { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'
import { type DestinationStream, destination } from 'pino'

/**
 * Anything that can carry a secret is removed before a log line is written: credentials in headers, cookies set in
 * answers, and secret fields wherever an object is logged. Matched by key name at any depth, case as written.
 */
export const SECRET_LOG_KEYS = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'adminCode',
  'keycode',
  'pincode',
  'body',
])
const REDACTED = '[redacted]'
/** Deeper than this a logged value is dropped rather than searched, which also ends any cycle. */
const MAX_LOGGED_DEPTH = 8
/** Logged under these keys, values go through a serializer that keeps only named, safe fields. */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err'])

/**
 * A copy of a logged value with the value of every secret key replaced, at any depth; parts without secrets are
 * shared, not copied, and the caller's object is never changed. pino's path-based redaction matched its wildcard
 * paths against every key of every line and cost about five times the rest of the answer's log line
 * (docs/performance.md); one walk of the object keeps the same protection, and reaches deeper.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (depth >= MAX_LOGGED_DEPTH) return '[too deep to log]'
  const candidate = value as { toJSON?: () => unknown }
  // What JSON.stringify will write: a Date's string, a Buffer's bytes, a custom toJSON's answer.
  if (typeof candidate.toJSON === 'function') return redactSecrets(candidate.toJSON(), depth + 1)
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    value.forEach((item, index) => {
      const redacted = redactSecrets(item, depth + 1)
      if (redacted !== item) {
        copy ??= [...value]
        copy[index] = redacted
      }
    })
    return copy ?? value
  }
  return redactEntries(value as Record<string, unknown>, depth)
}

/** The object's own keys redacted as in redactSecrets, except those in `skip`, which are left as they are. */
function redactEntries(object: Record<string, unknown>, depth: number, skip?: ReadonlySet<string>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined
  for (const key in object) {
    if (!Object.hasOwn(object, key) || skip?.has(key)) continue
    const item = object[key]
    const redacted = SECRET_LOG_KEYS.has(key) ? REDACTED : redactSecrets(item, depth + 1)
    if (redacted !== item) {
      copy ??= { ...object }
      copy[key] = redacted
    }
  }
  return copy ?? object
}

/** The top level of a log call: `req`, `res` and `err` are left to their serializers, everything else is searched. */
function redactLogObject(object: Record<string, unknown>): Record<string, unknown> {
  return redactEntries(object, 0, SERIALIZED_KEYS)
}

const SECRET_QUERY_KEYS = /^(password|newpassword|token|code|admincode|access_token|refresh_token)$/i

/** POST /super-admin/create takes a password in its query string (docs/product.md, 'The API contract', 'Super admin'), so URLs are logged with secret values masked. */
export function maskSecretQuery(url: string): string {
  const questionMark = url.indexOf('?')
  if (questionMark === -1) return url
  const params = new URLSearchParams(url.slice(questionMark + 1))
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]')
  }
  return `${url.slice(0, questionMark)}?${params.toString()}`
}

const QUERY_VALUE_KEYS = new Set(['query', 'params', 'parameters', 'detail', 'where', 'internalQuery', 'hint'])

const isDatabaseError = (error: Record<string, unknown>) =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error

/**
 * What a log line keeps of an error. A failed query's message carries its SQL and every parameter (password
 * hashes, e-mails, keycodes), and a database error's message and detail can quote a value, so for those only the
 * error's kind is kept: the SQLSTATE code, constraint, table and column, and the stack without its message.
 */
type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown }

export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' }
  if (depth > 3) return { type: error.constructor.name, message: '(nested too deep)', stack: '' }
  const fields = error as unknown as Record<string, unknown>
  const carriesQuery = 'params' in fields || 'query' in fields || error.message.startsWith('Failed query')
  const database = isDatabaseError(fields)
  const withheld = carriesQuery || database
  const stackFrames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '))
  const safe: LoggedError = {
    type: error.constructor.name,
    message: withheld ? (database ? `database error ${fields.code}` : 'failed query (its text and values are not logged)') : error.message,
    stack: withheld ? stackFrames.join('\n') : (error.stack ?? ''),
  }
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'message' || key === 'stack' || QUERY_VALUE_KEYS.has(key)) continue
    if (database && !['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'file'].includes(key)) continue
    safe[key] = SECRET_LOG_KEYS.has(key) ? REDACTED : redactSecrets(value, depth + 1)
  }
  if (error.cause !== undefined) safe.cause = safeError(error.cause, depth + 1)
  return safe
}

/** How much of the log standard output gathers before it writes, and how long a line may wait at most. */
export const LOG_BATCH = { bytes: 4096, maxWaitMs: 100 } as const

let standardOutputStream: ReturnType<typeof destination> | undefined

/**
 * Where the server's lines go unless a test gives a stream: standard output, one stream per process. Lines gather
 * until 4 KB (about fifteen answers' lines) or 100 ms have passed, then are written synchronously, and what is left
 * is written as the process exits. One write a line cost about a sixth of the pricing answer's CPU (docs/performance.md,
 * "Against the honest peer"). pino's default destination writes asynchronously, a thread-pool job per write (about
 * 9 µs of CPU a line). Written synchronously, a log reader that cannot keep up slows the server instead of growing its
 * memory; what a killed process (SIGKILL, out of memory) takes with it is at most the last 100 ms of lines.
 */
function standardOutput(): DestinationStream {
  if (!standardOutputStream) {
    const stream = destination({ dest: 1, sync: true, minLength: LOG_BATCH.bytes, periodicFlush: LOG_BATCH.maxWaitMs })
    process.once('exit', () => {
      try {
        stream.flushSync()
      } catch {
        // Standard output already closed: nowhere left to write.
      }
    })
    standardOutputStream = stream
  }
  return standardOutputStream
}

/** Writes what standard output has gathered now: the start-up lines, once the server serves, do not wait for a batch. */
export function flushStandardOutput(): void {
  standardOutputStream?.flushSync()
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    formatters: { log: redactLogObject },
    serializers: {
      err: safeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskSecretQuery(request.url),
        remoteAddress: request.ip,
      }),
    },
    stream: stream ?? standardOutput(),
  }
}

/**
 * One line per answer, where Fastify writes two per request ("incoming request", then "request completed"): the
 * answer's line carries what the first one did (request id, method, masked URL, client address) with the status
 * and the time taken, so each request costs one serialisation, redaction and write to the log instead of two. Every
 * other line Fastify writes (errors, unknown routes, refusals while closing) is unchanged.
 */
export class OneLinePerAnswer extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}

/** A request whose client leaves before the answer has no answer line; this keeps the line its arrival used to have. */
export function logAbandonedRequests(app: FastifyInstance): void {
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request }, 'request abandoned by the client')
    done()
  })
}
