import { SESSION_END_MESSAGES } from '@keydesk/contracts/auth-messages'
import type { ErrorAnswer } from '@keydesk/contracts/errors'
import { MESSAGES } from '@keydesk/contracts/messages'
import { TIME_ZONE_HEADER } from '@keydesk/contracts/session-place'
import type { z } from 'zod'

/** The API base. Same origin by default; a front end hosted elsewhere sets VITE_API_BASE_URL. */
export const API_BASE = `${import.meta.env.VITE_API_BASE_URL ?? ''}/api`

export class ApiError extends Error {
  readonly code: string
  readonly details: ErrorAnswer['details']

  /**
   * `answer` is what the server said, in the API's error shape (registration's plain-text refusal is read into it);
   * null when the call got no answer (status 0) or one not meant for people, and `clientText` is the message then.
   */
  constructor(
    readonly status: number,
    readonly answer: ErrorAnswer | null,
    clientText = '',
  ) {
    super(answer?.message ?? clientText)
    this.code = answer?.code ?? (status === 0 ? 'NETWORK_ERROR' : 'HTTP_ERROR')
    this.details = answer?.details
  }
}

/**
 * How every screen reads a failed call: the server's own words when it said any; else `unanswered` when no answer came
 * at all (the network failed), and the screen's `fallback` for anything else (an answer without the error shape, a
 * thrown error that was not a call's).
 */
export function failureText(error: unknown, fallback: string, unanswered = fallback): string {
  if (!(error instanceof ApiError)) return fallback
  if (error.answer?.message) return error.answer.message
  return error.status === 0 ? unanswered : fallback
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** A plain object is sent as JSON; FormData and URLSearchParams are sent as they are. */
  body?: unknown
  /**
   * The answer's schema, or a function importing it: the shell's calls import theirs, so the schema library
   * loads with the first answer to check instead of with the page.
   */
  schema: z.ZodType<T> | (() => Promise<z.ZodType<T>>)
  signal?: AbortSignal
  /**
   * What a 401 that survives the refresh attempt means. 'redirect' (default): the session is over,
   * so the session-expired handler runs. 'silent': the caller expects visitors (the session probe).
   */
  onUnauthorized?: 'redirect' | 'silent'
}

/** docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Sessions: these calls never trigger a refresh; their 401 is the answer itself. */
const NO_REFRESH_PATHS = new Set([
  '/auth/refresh',
  '/auth/login',
  '/auth/passkey/options',
  '/auth/passkey/login',
  '/auth/register',
  '/auth/admin-register',
  '/auth/logout',
])

/** Told why the session ended when the server said (a device signed out from elsewhere); else undefined. */
type SessionExpiredHandler = (reason?: string) => void

const defaultSessionExpiredHandler: SessionExpiredHandler = () => window.location.assign('/login')
let sessionExpiredHandler: SessionExpiredHandler = defaultSessionExpiredHandler

/** The session layer installs what "the session is over" means (clear it, go to /login); returns the uninstaller. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): () => void {
  sessionExpiredHandler = handler
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = defaultSessionExpiredHandler
  }
}

function encodeBody(body: unknown): { body?: BodyInit; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} }
  if (body instanceof FormData || body instanceof URLSearchParams) return { body, headers: {} }
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
}

/** The calls that start a session: they tell the browser's time zone, which the sessions list shows as its rough place. */
const SIGN_IN_PATHS = new Set(['/auth/login', '/auth/passkey/login'])
const placeHeaders = (path: string): Record<string, string> =>
  SIGN_IN_PATHS.has(path) ? { [TIME_ZONE_HEADER]: Intl.DateTimeFormat().resolvedOptions().timeZone } : {}

async function send(path: string, method: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const encoded = encodeBody(body)
  try {
    return await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers: { accept: 'application/json', ...placeHeaders(path), ...encoded.headers },
      body: encoded.body,
      signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, null, MESSAGES.backendUnavailable)
  }
}

/**
 * Several calls can fail with 401 at the same moment when the access token expires; they share one
 * refresh, because the server rotates the refresh token and a second use of the old one would end the session.
 */
let refreshInFlight: Promise<{ ok: boolean; reason?: string | undefined }> | null = null
const SESSION_END_TEXTS: readonly string[] = Object.values(SESSION_END_MESSAGES)

/** The refresh's outcome, with the server's words for why the session ended when it refused one. */
function refreshSession(): Promise<{ ok: boolean; reason?: string | undefined }> {
  refreshInFlight ??= send('/auth/refresh', 'POST', undefined)
    .then(async (response) => {
      if (response.ok) return { ok: true }
      const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined
      // Only a reason the server keeps for an ended session (SESSION_END_MESSAGES) is passed on to the sign-in page.
      const reason = SESSION_END_TEXTS.find((text) => text === answer?.message)
      return { ok: false, reason }
    })
    .catch(() => ({ ok: false }))
    .finally(() => {
      refreshInFlight = null
    })
  return refreshInFlight
}

async function toApiError(response: Response): Promise<ApiError> {
  // docs/product.md, 'Accounts and sessions': registration answers its failure as text; that text is the message.
  if (response.headers.get('content-type')?.startsWith('text/plain')) {
    const text = (await response.text().catch(() => '')).trim()
    if (text && response.status < 500) return new ApiError(response.status, { code: 'TEXT_ERROR', message: text, error: text })
  }
  const payload: unknown = await response.json().catch(() => undefined)
  // Only a failed call needs the parser: a visitor's first page loads without the schema library.
  const { parseErrorAnswer } = await import('@keydesk/contracts/errors')
  const answer = parseErrorAnswer(payload)
  if (answer) return new ApiError(response.status, answer)
  return new ApiError(response.status, null, response.status >= 500 ? MESSAGES.backendUnavailable : `Request failed (${response.status})`)
}

/** Sends the call, and once more after a refresh when the access token had expired; an ended session goes to sign-in. */
async function sendWithRefresh(path: string, method: string, body: unknown, signal: AbortSignal | undefined, onUnauthorized: string) {
  let response = await send(path, method, body, signal)
  if (response.status === 401 && !NO_REFRESH_PATHS.has(path)) {
    const refreshed = await refreshSession()
    if (refreshed.ok) response = await send(path, method, body, signal)
    if (response.status === 401 && onUnauthorized === 'redirect') sessionExpiredHandler(refreshed.reason)
  }
  if (!response.ok) throw await toApiError(response)
  return response
}

/** The one way the web app calls the API: cookies always travel, answers are checked by their schema. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, schema, signal, onUnauthorized = 'redirect' } = options
  // Imported while the request travels, not after it.
  const schemaReady = typeof schema === 'function' ? schema() : Promise.resolve(schema)
  schemaReady.catch(() => undefined) // awaited below; this only keeps a failure before then from being reported as unhandled
  const response = await sendWithRefresh(path, method, body, signal, onUnauthorized)
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined)
  return (await schemaReady).parse(payload)
}

/**
 * A file the API answers to a call that is not a plain link (a POST carrying the owner's proof), saved by the browser
 * under the name the answer gives.
 */
export async function apiDownload(path: string, options: { method?: string; body?: unknown }): Promise<void> {
  const response = await sendWithRefresh(path, options.method ?? 'POST', options.body, undefined, 'redirect')
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download'
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  URL.revokeObjectURL(url)
}
