import type { onSendAsyncHookHandler } from 'fastify'

/** Capitalised and closed with a full stop, so it reads on after "Registration failed." */
export function asSentence(text: string): string {
  const trimmed = text.trim()
  if (trimmed === '') return 'Please try again.'
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`
}

/**
 * docs/product.md, 'The API contract', 'Accounts and sessions': POST /auth/register and /auth/admin-register answer a failure as text (the client shows it after
 * 'Registration failed.'). The status code stays; the error answer's message becomes the whole body.
 */
export const sendFailureAsText: onSendAsyncHookHandler = async (_request, reply, payload) => {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload
  let message: unknown
  try {
    message = (JSON.parse(payload) as { message?: unknown }).message
  } catch {
    return payload
  }
  if (typeof message !== 'string') return payload
  reply.type('text/plain; charset=utf-8')
  return asSentence(message)
}
