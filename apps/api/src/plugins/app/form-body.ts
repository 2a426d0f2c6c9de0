import { parse } from 'node:querystring'
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@keydesk/contracts/text'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../../errors.ts'

/**
 * The one parser of urlencoded form bodies, for the route groups that take them (sign-in, admin notes, the sandbox
 * checkout page). It applies the control-character rule of every other body as it parses, so a route without a body
 * schema (the notes take JSON, urlencoded or multipart) cannot hand a NUL to the database either.
 */
async function formBody(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields = Object.fromEntries(Object.entries(parse(String(body))))
    const path = findControlCharacter(fields)
    if (path === null) return done(null, fields)
    const field = path.split('/')[1] ?? 'body'
    done(new AppError('VALIDATION_ERROR', CONTROL_CHARACTER_MESSAGE, [{ field, message: CONTROL_CHARACTER_MESSAGE }]), undefined)
  })
}

export default fp(formBody, { name: 'form-body' })
