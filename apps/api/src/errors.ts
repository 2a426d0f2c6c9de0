import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { MESSAGES } from '@keydesk/contracts/messages'

/** Machine code → HTTP status. A new code is added here, never as a bare number at a throw site. */
const STATUS_BY_CODE = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  TWO_FACTOR_REQUIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_TRANSITION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof STATUS_BY_CODE

export interface FieldProblem {
  field: string
  message: string
}

export class AppError extends Error {
  readonly statusCode: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldProblem[],
  ) {
    super(message)
    this.statusCode = STATUS_BY_CODE[code]
  }
}

export function errorAnswer(code: string, message: string, details?: FieldProblem[]) {
  return details ? { code, message, error: message, details } : { code, message, error: message }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message)

/** The one answer to a call that needs a signed-in caller and has none. */
export const loginRequired = () => new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.loginRequired)
