import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { complianceDocuments } from '../../../db/schema/compliance.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, signInAsBootstrapSuperAdmin, uniqueEmail } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const patch = (url: string, headers: Record<string, string>, payload?: object | string, contentType?: string) =>
  testApp.app.inject({ method: 'PATCH', url, headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) }, payload })

describe("registered users (docs/product.md, 'Back office (admins and super admins)')", () => {
  it("validates a user with 'User validated successfully.'", async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await patch(`/api/admin/validate-user/${member.id}`, admin.headers)
    expect(answer.json()).toEqual({ message: 'User validated successfully.' })
    const list = (await testApp.app.inject({ method: 'GET', url: '/api/admin/users?limit=100', headers: admin.headers })).json()
    expect(list.find((user: { id: string }) => user.id === member.id)).toMatchObject({ isValidatedUser: true })
  })

  it('revokes a user, whose session stops at once', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await patch(`/api/admin/users/${member.id}/revoke`, admin.headers)).statusCode).toBe(200)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers })).statusCode).toBe(401)
  })

  it("saves notes sent as form data with 'Notes updated.'", async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await patch(
      `/api/admin/users/${member.id}/notes`,
      admin.headers,
      'notes=Called+back+on+Monday',
      'application/x-www-form-urlencoded',
    )
    expect(answer.json()).toEqual({ message: 'Notes updated.' })
    const [row] = await testApp.app.database.db.select().from(users).where(eq(users.id, member.id))
    expect(row?.adminNotes).toBe('Called back on Monday')
  })

  it('cannot touch an admin account, and refuses business users and visitors', async () => {
    const superAdmin = await signInAsBootstrapSuperAdmin(testApp)
    expect((await patch(`/api/admin/users/${superAdmin.id}/revoke`, admin.headers)).statusCode).toBe(404)
    const member = await registerAndSignIn(testApp)
    expect((await patch(`/api/admin/validate-user/${member.id}`, member.headers)).statusCode).toBe(403)
    expect((await patch(`/api/admin/validate-user/${member.id}`, {})).statusCode).toBe(401)
  })
})

describe("GET /admin/users under the API contract's names (docs/product.md, 'Back office')", () => {
  it('carries adminApprovalNotes, isValidatedUser, isActive, trialEndsAt, and frontId, backId, insurance as links an admin can open', async () => {
    const member = await registerAndSignIn(testApp)
    await patch(`/api/admin/users/${member.id}/notes`, admin.headers, 'notes=Checked+licence', 'application/x-www-form-urlencoded')
    const list = (await testApp.app.inject({ method: 'GET', url: '/api/admin/users?limit=100', headers: admin.headers })).json()
    const listed = list.find((user: { id: string }) => user.id === member.id)
    expect(listed).toMatchObject({
      email: member.email,
      adminApprovalNotes: 'Checked licence',
      isValidatedUser: false,
      isActive: true,
      trialEndsAt: null,
    })
    for (const link of ['frontId', 'backId', 'insurance'] as const) {
      expect(listed[link], link).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/)
      const opened = await testApp.app.inject({ method: 'GET', url: listed[link], headers: admin.headers })
      expect(opened.statusCode, link).toBe(200)
      expect(opened.headers['content-type'], link).toMatch(/^image\//)
    }
  })

  it('answers null for a document the user never uploaded', async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.database.db.delete(complianceDocuments).where(eq(complianceDocuments.userId, member.id))
    const list = (await testApp.app.inject({ method: 'GET', url: '/api/admin/users?limit=100', headers: admin.headers })).json()
    expect(list.find((user: { id: string }) => user.id === member.id)).toMatchObject({ frontId: null, backId: null, insurance: null })
  })
})

describe('documents and history', () => {
  it('lists a user’s documents and records a review', async () => {
    const member = await registerAndSignIn(testApp)
    const documents = (
      await testApp.app.inject({ method: 'GET', url: `/api/compliance/documents/${member.id}`, headers: admin.headers })
    ).json()
    expect(documents).toHaveLength(4)
    expect(documents[0]).toMatchObject({ verified: null, fileUrl: expect.stringMatching(/^\/api\/files\//) })
    const answer = await patch(`/api/compliance/documents/${documents[0].id}/review`, admin.headers, {
      verified: true,
      notes: 'Clear photo',
    })
    expect(answer.statusCode).toBe(200)
    const [row] = await testApp.app.database.db.select().from(complianceDocuments).where(eq(complianceDocuments.id, documents[0].id))
    expect(row).toMatchObject({ verified: true, reviewNotes: 'Clear photo', reviewedBy: admin.id })
    const [reviewed, waiting] = (
      await testApp.app.inject({ method: 'GET', url: `/api/compliance/documents/${member.id}`, headers: admin.headers })
    ).json()
    expect(reviewed).toMatchObject({ reviewedBy: 'Ada Admin', reviewedAt: row?.reviewedAt?.toISOString() })
    expect(waiting).toMatchObject({ verified: null, reviewedBy: null, reviewedAt: null })
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/api/compliance/documents/${member.id}`, headers: member.headers })).statusCode,
    ).toBe(403)
  })

  it("lists each user with how their documents' review stands", async () => {
    const member = await registerAndSignIn(testApp)
    const [first, second] = (
      await testApp.app.inject({ method: 'GET', url: `/api/compliance/documents/${member.id}`, headers: admin.headers })
    ).json()
    await patch(`/api/compliance/documents/${first.id}/review`, admin.headers, { verified: true })
    await patch(`/api/compliance/documents/${second.id}/review`, admin.headers, { verified: false, notes: 'Blurred' })
    const list = (await testApp.app.inject({ method: 'GET', url: '/api/admin/users?limit=100', headers: admin.headers })).json()
    expect(list.find((user: { id: string }) => user.id === member.id).documentReview).toEqual({ pending: 2, approved: 1, rejected: 1 })
  })

  it('answers an empty history for an e-mail without orders', async () => {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/user-history?email=${uniqueEmail('nobody')}`,
      headers: admin.headers,
    })
    expect(answer.json()).toEqual([])
  })

  it('shows the recent actions to a super admin only', async () => {
    const superAdmin = await signInAsBootstrapSuperAdmin(testApp)
    const actions = (await testApp.app.inject({ method: 'GET', url: '/api/admin/actions', headers: superAdmin.headers })).json()
    expect(actions.map((entry: { action: string }) => entry.action)).toContain('USER_VALIDATED')
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/actions', headers: admin.headers })).statusCode).toBe(403)
  })
})

describe('searching registered users (docs/decisions/016)', () => {
  let member: SignedIn

  beforeAll(async () => {
    member = await registerAndSignIn(testApp, {
      fname: 'Octavia',
      lname: 'Brightwater',
      phone: '(312) 555-0147',
      email: uniqueEmail('OBright'),
    })
    await testApp.app.database.db.update(users).set({ company: 'Lakeshore Lock & Key' }).where(eq(users.id, member.id))
  })

  const found = async (term: string, who: SignedIn = admin) => {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/users?limit=100&search=${encodeURIComponent(term)}`,
      headers: who.headers,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    return (answer.json() as { id: string }[]).map((user) => user.id)
  }

  it('finds a user by the start of a first, last or full name, in any case', async () => {
    expect(await found('octav')).toEqual([member.id])
    expect(await found('BRIGHTW')).toEqual([member.id])
    expect(await found('octavia bright')).toEqual([member.id])
  })

  it('finds a user by the start of an e-mail', async () => {
    expect(await found(member.email.slice(0, 10).toUpperCase())).toEqual([member.id])
  })

  it('finds a user by phone digits, however they are typed', async () => {
    expect(await found('312-555-01')).toEqual([member.id])
    expect(await found('312555')).toEqual([member.id])
  })

  it('finds a user by the start of the company name', async () => {
    expect(await found('lakeshore lock')).toEqual([member.id])
  })

  it('answers an empty page for a term nobody has, and pages a search like the full list', async () => {
    expect(await found('no-such-person-anywhere')).toEqual([])
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/admin/users?search=octavia&offset=1', headers: admin.headers })
    expect(answer.json()).toEqual([])
  })

  it('never lists admins, even when they match', async () => {
    expect(await found('ada admin')).toEqual([])
  })

  it('refuses a member (403) and a visitor (401)', async () => {
    const other = await registerAndSignIn(testApp)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/users?search=octavia', headers: other.headers })).statusCode).toBe(
      403,
    )
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/users?search=octavia' })).statusCode).toBe(401)
  })

  it('lets a super admin search', async () => {
    expect(await found('octavia', await signInAsBootstrapSuperAdmin(testApp))).toEqual([member.id])
  })
})
