import type { FastifyRequest, FastifyServerOptions } from 'fastify'
import type { DestinationStream } from 'pino'

/**
 * Anything that can carry a secret is removed before a log line is written: credentials in headers,
 * cookies set in answers, and secret fields wherever a body or error object is logged.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.adminCode',
  '*.keycode',
  '*.pincode',
  'body',
  '*.body',
]

const SECRET_QUERY_KEYS = /^(password|newpassword|token|code|admincode|access_token|refresh_token)$/i

/** Spec 7.6 sends a password in a query string, so URLs are logged with secret values masked. */
export function maskSecretQuery(url: string): string {
  const questionMark = url.indexOf('?')
  if (questionMark === -1) return url
  const params = new URLSearchParams(url.slice(questionMark + 1))
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]')
  }
  return `${url.slice(0, questionMark)}?${params.toString()}`
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskSecretQuery(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  }
}
