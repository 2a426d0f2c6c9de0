import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { loggerOptions, redactSecrets } from './logger.ts'

/** A logger built with the app's options, writing its lines into an array. */
function capturingLogger() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  const options = loggerOptions('info', stream) as pino.LoggerOptions & { stream: Writable }
  return { log: pino(options, stream), lines }
}

describe('secrets never reach a log line', () => {
  it('replaces credentials, tokens, codes and bodies at any depth', () => {
    const { log, lines } = capturingLogger()
    log.info(
      {
        headers: { authorization: 'Bearer secret-bearer', cookie: 'access_token=secret-cookie' },
        account: { email: 'a@example.com', password: 'secret-password', session: { refreshToken: 'secret-refresh' } },
        answers: [{ keycode: 'secret-keycode', pincode: 'secret-pin' }],
        body: { anything: 'secret-body' },
      },
      'something happened',
    )
    const line = lines.join('')
    for (const secret of [
      'secret-bearer',
      'secret-cookie',
      'secret-password',
      'secret-refresh',
      'secret-keycode',
      'secret-pin',
      'secret-body',
    ]) {
      expect(line).not.toContain(secret)
    }
    expect(line).toContain('a@example.com')
    expect(JSON.parse(line).account.password).toBe('[redacted]')
  })

  it('leaves the logged object itself unchanged', () => {
    const account = { email: 'a@example.com', password: 'kept-for-the-caller' }
    const { log } = capturingLogger()
    log.info({ account }, 'signed in')
    expect(account.password).toBe('kept-for-the-caller')
  })

  it('redacts the secret fields an error carries', () => {
    const { log, lines } = capturingLogger()
    const error = Object.assign(new Error('refused'), { token: 'secret-in-error', detail: { adminCode: 'secret-code' } })
    log.error({ err: error }, 'request errored')
    expect(lines.join('')).not.toContain('secret-in-error')
    expect(lines.join('')).not.toContain('secret-code')
    expect(lines.join('')).toContain('refused')
  })

  it('logs a cyclic object without searching it forever', () => {
    const { log, lines } = capturingLogger()
    const loop: Record<string, unknown> = { name: 'loop' }
    loop.self = loop
    log.info({ loop }, 'cyclic')
    expect(lines).toHaveLength(1)
  })

  it('shares the parts that hold no secret instead of copying them', () => {
    const clean = { a: 1, nested: { b: [1, 2, 3] } }
    expect(redactSecrets(clean)).toBe(clean)
    const mixed = { clean, secret: { token: 'x' } }
    const redacted = redactSecrets(mixed) as typeof mixed
    expect(redacted).not.toBe(mixed)
    expect(redacted.clean).toBe(clean)
    expect(redacted.secret.token).toBe('[redacted]')
  })
})
