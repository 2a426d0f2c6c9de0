import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { contactMessages } from '../../../db/schema/support.ts'
import { uniqueIp } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ SUPPORT_EMAIL: 'help@keydesk.test' })
})

afterAll(async () => {
  await testApp.close()
})

const contact = { name: 'Sam', email: 'sam@example.com', subject: 'Bulk order', message: 'We need 150 codes.' }
const send = (payload: object, remoteAddress = uniqueIp()) =>
  testApp.app.inject({ method: 'POST', url: '/api/support/contact', payload, remoteAddress })

describe('POST /support/contact', () => {
  it('keeps the message and queues it to the support inbox', async () => {
    const answer = await send(contact)
    expect(answer.statusCode).toBe(201)
    expect(answer.json()).toEqual({ message: 'Thanks! Your message has been sent.' })
    expect(await testApp.app.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'sam@example.com'))).toHaveLength(1)
    const [mail] = await testApp.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'help@keydesk.test'))
    expect(mail?.subject).toBe('[Contact] Bulk order')
  })

  it('requires all four fields and a real e-mail address', async () => {
    const answer = await send({ name: '', email: 'nope', subject: '', message: '' })
    expect(answer.statusCode).toBe(400)
    expect(
      answer
        .json()
        .details.map((problem: { field: string }) => problem.field)
        .sort(),
    ).toEqual(['email', 'message', 'name', 'subject'])
  })

  it('limits one address to 5 messages per 15 minutes', async () => {
    const statuses = []
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await send(contact, '192.0.2.99')).statusCode)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })
})
