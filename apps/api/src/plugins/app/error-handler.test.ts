import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../../errors.ts'
import { loggerOptions } from '../../logger.ts'
import errorHandler from './error-handler.ts'

async function appWithRoutes() {
  let logs = ''
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString()
      done()
    },
  })
  const app = Fastify({ logger: loggerOptions('info', stream) }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  await app.register(errorHandler)
  app.post('/validated', { schema: { body: z.object({ email: z.email(), password: z.string().min(6) }) } }, async () => ({ ok: true }))
  app.post('/refused', async () => {
    throw new AppError('INVALID_TRANSITION', 'Start the request before submitting a keycode.')
  })
  app.post('/broken', async () => {
    throw new Error('relation "secret_table" does not exist at /srv/keydesk/internal.ts:42')
  })
  app.get('/database-away', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
  })
  await app.ready()
  return { app, logs: () => logs }
}

describe('error handler', () => {
  it('answers a validation failure with 400, the error shape and the fields in details', async () => {
    const { app } = await appWithRoutes()
    const answer = await app.inject({ method: 'POST', url: '/validated', payload: { email: 'nope', password: '1' } })
    expect(answer.statusCode).toBe(400)
    const body = answer.json()
    expect(body.code).toBe('VALIDATION_ERROR')
    expect(body.error).toBe(body.message)
    expect(body.details.map((problem: { field: string }) => problem.field).sort()).toEqual(['email', 'password'])
  })

  it('answers an AppError with its own status, code and text', async () => {
    const { app } = await appWithRoutes()
    const answer = await app.inject({ method: 'POST', url: '/refused' })
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'Start the request before submitting a keycode.',
      error: 'Start the request before submitting a keycode.',
    })
  })

  it('hides the internals of an unexpected failure but logs them', async () => {
    const { app, logs } = await appWithRoutes()
    const answer = await app.inject({ method: 'POST', url: '/broken' })
    expect(answer.statusCode).toBe(500)
    expect(answer.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Something went wrong', error: 'Something went wrong' })
    expect(answer.body).not.toContain('secret_table')
    expect(logs()).toContain('secret_table')
  })

  it('answers 503 with the documented text when the database cannot be reached', async () => {
    const { app } = await appWithRoutes()
    const answer = await app.inject({ method: 'GET', url: '/database-away' })
    expect(answer.statusCode).toBe(503)
    expect(answer.json().error).toBe('Backend service temporarily unavailable. Please try again later or contact support.')
  })

  it('answers malformed JSON with 400 in the error shape', async () => {
    const { app } = await appWithRoutes()
    const answer = await app.inject({
      method: 'POST',
      url: '/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' })
    expect(answer.json().error).toBe(answer.json().message)
  })

  it('never logs a password sent in the body of a failing request', async () => {
    const { app, logs } = await appWithRoutes()
    await app.inject({ method: 'POST', url: '/validated', payload: { email: 'a@b.co', password: 'x' } })
    await app.inject({ method: 'POST', url: '/broken', payload: { password: 'hunter2-never-logged' } })
    expect(logs()).not.toContain('hunter2-never-logged')
  })
})
