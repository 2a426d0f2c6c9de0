import { CONTROL_CHARACTER_MESSAGE } from '@keydesk/contracts/text'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../db/schema/users.ts'
import { registrationForm, signInAsBootstrapSuperAdmin, uniqueEmail, uniqueIp } from '../test/accounts.ts'
import { createMember } from '../test/members.ts'
import { createTestApp, type TestApp } from '../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const NUL = '\u0000'

describe('a control character in a text field', () => {
  it('is refused with 400 in a registration name (multipart), and no account is made', async () => {
    const { form, email } = await registrationForm({ fname: `Le${NUL}na` })
    const answer = await testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: form, remoteAddress: uniqueIp() })
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toContain(CONTROL_CHARACTER_MESSAGE)
    expect(await testApp.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([])
  })

  it('is refused with 400 in a sign-in e-mail (form-urlencoded)', async () => {
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ email: `a${NUL}@example.com`, password: 'whatever-password' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: uniqueIp(),
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: CONTROL_CHARACTER_MESSAGE, details: [{ field: 'email' }] })
  })

  it('is refused with 400 in admin notes on a user (form-urlencoded, a route without a body schema), and the notes stay', async () => {
    const admin = await signInAsBootstrapSuperAdmin(testApp)
    const member = await createMember(testApp)
    const answer = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${member.id}/notes`,
      payload: new URLSearchParams({ notes: `Called${NUL} the shop` }).toString(),
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: CONTROL_CHARACTER_MESSAGE, details: [{ field: 'notes' }] })
  })

  it('is refused with 400 in a JSON body (the contact form) and in a search query, bell, escape and DEL as well as NUL', async () => {
    for (const character of [NUL, '\u0007', '\u001b', '\u007f']) {
      const contact = await testApp.app.inject({
        method: 'POST',
        url: '/api/support/contact',
        payload: { name: 'Pat', email: uniqueEmail('contact'), subject: `Hi${character}`, message: 'A message long enough.' },
        remoteAddress: uniqueIp(),
      })
      expect(contact.statusCode).toBe(400)
      expect(contact.json().details).toEqual([{ field: 'subject', message: CONTROL_CHARACTER_MESSAGE }])
    }
    const admin = await signInAsBootstrapSuperAdmin(testApp)
    const search = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/transactions?search=${encodeURIComponent(`KD${NUL}`)}`,
      headers: admin.headers,
    })
    expect(search.statusCode).toBe(400)
  })

  it('lets tab and new lines through in a message', async () => {
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: { name: 'Pat', email: uniqueEmail('contact'), subject: 'Lines', message: 'First line\r\nSecond line\twith a tab.' },
      remoteAddress: uniqueIp(),
    })
    expect(answer.statusCode).toBe(201)
  })
})

describe('the log of a failed query', () => {
  it('keeps the kind of error and never its values, whatever the cause', async () => {
    const secret = `secret-${Date.now()}`
    const db = testApp.app.database.db
    const badCast = await db.execute(sql`select ${secret}::int`).catch((error: unknown) => error)
    const row = { email: `${secret}@example.com`, passwordHash: `$argon2id$hash-${secret}`, fname: secret, lname: 'x' }
    await db.insert(users).values(row)
    const taken = await db
      .insert(users)
      .values(row)
      .catch((error: unknown) => error)
    testApp.app.log.error({ err: badCast }, 'bad cast')
    testApp.app.log.error({ err: taken }, 'duplicate')
    const logs = testApp.logs()
    expect(logs).not.toContain(secret)
    expect(logs).toContain('database error 22P02')
    expect(logs).toContain('users_email_unique')
  })
})
