import { ACCOUNT_CLOSING_MESSAGES } from '@keydesk/contracts/account-closing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../../db/schema/files.ts'
import { GOOD_PASSWORD, registerAndSignIn, signIn, signInAsBootstrapSuperAdmin, uniqueIp } from '../../../test/accounts.ts'
import { pngImage } from '../../../test/images.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

describe('GET /auth/getUserProfile/{id}', () => {
  it('answers the user their own details with links to their ID images', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await testApp.app.inject({ method: 'GET', url: `/api/auth/getUserProfile/${member.id}`, headers: member.headers })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ id: member.id, email: member.email })
    expect(answer.json().frontIdImage).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/)
  })

  it("answers the `user` fields of docs/product.md, 'Accounts and sessions', at the top level, not wrapped in another object", async () => {
    const member = await registerAndSignIn(testApp, { fname: 'Tara', lname: 'Top', phone: '555-0177', state: 'Ohio' })
    const answer = (
      await testApp.app.inject({ method: 'GET', url: `/api/auth/getUserProfile/${member.id}`, headers: member.headers })
    ).json()
    expect(answer).not.toHaveProperty('user')
    expect(answer).toMatchObject({
      id: member.id,
      fname: 'Tara',
      lname: 'Top',
      email: member.email,
      phone: '555-0177',
      state: 'Ohio',
      role: 'BASEUSER',
      isActive: true,
      isValidatedUser: false,
      trialEndsAt: null,
    })
    for (const link of ['frontId', 'backId', 'insurance', 'frontIdImage', 'backIdImage', 'insuranceImage']) {
      expect(answer[link], link).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/)
    }
  })

  it("does not show another user's details (404, so ids reveal nothing)", async () => {
    const member = await registerAndSignIn(testApp)
    const other = await registerAndSignIn(testApp)
    const answer = await testApp.app.inject({ method: 'GET', url: `/api/auth/getUserProfile/${other.id}`, headers: member.headers })
    expect(answer.statusCode).toBe(404)
  })
})

describe('PUT /auth/updateProfile', () => {
  it('updates names, phone and state, and adds a new insurance image', async () => {
    const member = await registerAndSignIn(testApp)
    const form = new FormData()
    form.append('fname', 'Renamed')
    form.append('lname', 'Person')
    form.append('phone', '')
    form.append('state', 'Ohio')
    form.append('insurance', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'ins.png')
    const answer = await testApp.app.inject({ method: 'PUT', url: '/api/auth/updateProfile', payload: form, headers: member.headers })
    expect(answer.json()).toEqual({ message: 'User details updated successfully.' })
    const details = await testApp.app.inject({ method: 'GET', url: `/api/auth/getUserProfile/${member.id}`, headers: member.headers })
    expect(details.json()).toMatchObject({ fname: 'Renamed', phone: null, state: 'Ohio' })
    expect(details.json().insuranceImage).toMatch(/^\/api\/files\//)
  })

  it('requires first and last names with the documented texts', async () => {
    const member = await registerAndSignIn(testApp)
    const form = new FormData()
    form.append('fname', ' ')
    form.append('lname', 'X')
    const answer = await testApp.app.inject({ method: 'PUT', url: '/api/auth/updateProfile', payload: form, headers: member.headers })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().error).toBe('First name is required')
  })
})

describe('PUT /keycode-user/delete', () => {
  it('keeps its contract: the answer is a message, the cookies are cleared, and the account no longer signs in', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await testApp.app.inject({ method: 'PUT', url: '/api/keycode-user/delete', headers: member.headers })
    expect(answer.json()).toEqual({ message: ACCOUNT_CLOSING_MESSAGES.closed })
    expect(answer.cookies.map((cookie) => [cookie.name, cookie.value])).toEqual(
      expect.arrayContaining([
        ['access_token', ''],
        ['refresh_token', ''],
      ]),
    )
    await expect(signIn(testApp, member.email, GOOD_PASSWORD)).rejects.toThrow(/403/)
  })
})

describe('GET /files/{id}', () => {
  async function firstFileOf(userId: string) {
    const [file] = await testApp.app.database.db.select().from(files).where(eq(files.ownerUserId, userId))
    if (!file) throw new Error('no file')
    return file
  }

  it('serves an uploaded image to its owner, never cached, with a safe name', async () => {
    const member = await registerAndSignIn(testApp)
    const file = await firstFileOf(member.id)
    const answer = await testApp.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: member.headers })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('image/png')
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['content-disposition']).toMatch(/^inline; filename="[a-z-]+-[0-9a-f-]{36}\.png"$/)
  })

  it("answers 404 for another user's file and 401 for a visitor", async () => {
    const owner = await registerAndSignIn(testApp)
    const stranger = await registerAndSignIn(testApp)
    const file = await firstFileOf(owner.id)
    expect((await testApp.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: stranger.headers })).statusCode).toBe(404)
    expect((await testApp.app.inject({ method: 'GET', url: `/api/files/${file.id}`, remoteAddress: uniqueIp() })).statusCode).toBe(401)
  })

  it('serves any file to an admin', async () => {
    const owner = await registerAndSignIn(testApp)
    const superAdmin = await signInAsBootstrapSuperAdmin(testApp)
    const file = await firstFileOf(owner.id)
    expect((await testApp.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: superAdmin.headers })).statusCode).toBe(200)
  })
})
