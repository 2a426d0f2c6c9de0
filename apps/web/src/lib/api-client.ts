import { ErrorAnswerSchema } from '@keydesk/contracts/errors'
import { MESSAGES } from '@keydesk/contracts/messages'
import type { z } from 'zod'

/** The API base. Same origin by default; a front end hosted elsewhere sets VITE_API_BASE_URL. */
export const API_BASE = `${import.meta.env.VITE_API_BASE_URL ?? ''}/api`

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message)
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** A plain object is sent as JSON; FormData and URLSearchParams are sent as they are. */
  body?: unknown
  schema: z.ZodType<T>
  signal?: AbortSignal
}

function encodeBody(body: unknown): { body?: BodyInit; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} }
  if (body instanceof FormData || body instanceof URLSearchParams) return { body, headers: {} }
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
}

/** The one way the web app calls the API: cookies always travel, answers are checked by their schema. */
export async function apiRequest<T>(path: string, { method = 'GET', body, schema, signal }: RequestOptions<T>): Promise<T> {
  const encoded = encodeBody(body)
  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers: { accept: 'application/json', ...encoded.headers },
      body: encoded.body,
      signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'NETWORK_ERROR', MESSAGES.backendUnavailable)
  }
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined)
  if (!response.ok) {
    const parsed = ErrorAnswerSchema.safeParse(payload)
    if (parsed.success) throw new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.details)
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      response.status >= 500 ? MESSAGES.backendUnavailable : `Request failed (${response.status})`,
    )
  }
  return schema.parse(payload)
}
