import { vi } from 'vitest'

export interface RecordedCall {
  /** "METHOD /api/path" */
  key: string
  url: string
  body: unknown
}

export type FakeAnswer = (call: RecordedCall) => Response | Promise<Response>

export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** An error answer in the API's shape (docs/architecture.md, 'How a request flows': code, message and error). */
export const errorAnswer = (status: number, message: string, code = 'ERROR') => jsonAnswer(status, { code, message, error: message })

/** The answer fetch gives when the server cannot be reached. */
export const networkFailure: FakeAnswer = () => Promise.reject(new TypeError('Failed to fetch'))

/**
 * Replaces fetch with answers by "METHOD /api/path" and records every call with its body, for
 * component tests of screens that call the API. A call without an answer gets a 404, as from a
 * server without that route. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeApi(answers: Record<string, FakeAnswer>): RecordedCall[] {
  const calls: RecordedCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { key: `${init.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`, url, body: init.body }
      calls.push(call)
      const answer = answers[call.key] ?? (() => errorAnswer(404, 'Not found', 'NOT_FOUND'))
      return answer(call)
    }),
  )
  return calls
}
