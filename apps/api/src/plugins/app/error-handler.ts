import { MESSAGES } from '@keydesk/contracts/messages'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError, errorAnswer, type FieldProblem } from '../../errors.ts'
import { isDatabaseUnreachable } from '../../lib/database-unreachable.ts'

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
    // A client that went away mid-body surfaces as ECONNRESET 'aborted', the code a lost database connection has too:
    // nobody is left to answer, and it says nothing of the database.
    if (request.raw.aborted || request.raw.socket?.destroyed) {
      request.log.info({ errorCode: error.code }, 'client closed the connection before its request was read')
      return reply.status(400).send(errorAnswer('BAD_REQUEST', MESSAGES.validationFailed))
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
