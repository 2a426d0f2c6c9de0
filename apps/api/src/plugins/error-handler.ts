import { MESSAGES } from '@keydesk/contracts/messages'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError, errorAnswer, type FieldProblem } from '../errors.ts'

/** Errors a database driver raises when the server cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001'])

function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true
    const message = (current as { message?: unknown }).message
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(message))
      return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

function fieldProblems(error: FastifyError): FieldProblem[] {
  const context = error.validationContext ?? 'body'
  return (error.validation ?? []).map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context,
    message: issue.message ?? 'Invalid value',
  }))
}

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorAnswer(error.code, error.message, error.details))
    }
    if (error.validation) {
      const details = fieldProblems(error)
      const first = details[0]
      const message = first?.message ?? MESSAGES.validationFailed
      return reply.status(400).send(errorAnswer('VALIDATION_ERROR', message, details))
    }
    if (isDatabaseUnreachable(error)) {
      request.log.error({ err: error }, 'database unreachable')
      return reply.status(503).send(errorAnswer('SERVICE_UNAVAILABLE', MESSAGES.backendUnavailable))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : (error.code ?? 'BAD_REQUEST')
      return reply.status(status).send(errorAnswer(code, error.message))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(errorAnswer('INTERNAL_ERROR', MESSAGES.somethingWentWrong))
  })
}

export default fp(errorHandler, { name: 'error-handler' })
