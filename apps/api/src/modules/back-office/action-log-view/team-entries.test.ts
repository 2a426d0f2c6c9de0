import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema/users.ts'
import { type SignedIn, signedInAdmin, uniqueEmail } from '../../../test/accounts.ts'
import { createLocation, enterpriseOwner, inviteCall, joinTeam } from '../../../test/teams.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

/**
 * The action log tells an Enterprise team's changes in words, linked to the business (docs/decisions/039): a location
 * created, an invitation sent and withdrawn, a person joining, their role and locations changed, and their removal.
 */
let testApp: TestApp
let superAdmin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp()
  superAdmin = await signedInAdmin(testApp, 'SUPER_ADMIN')
})

afterAll(async () => {
  await testApp.close()
})

type Entry = { kind: string; text: string; link: { kind: string; search: string } | null }

describe("the action log's team entries", () => {
  it('says who did what to whom in the team, in words, with a link to the business', async () => {
    const owner = await enterpriseOwner(testApp)
    await testApp.app.database.db.update(users).set({ fname: 'Olga', lname: 'Owner' }).where(eq(users.id, owner.id))
    const location = await createLocation(testApp, owner, 'Harbor')
    const second = await createLocation(testApp, owner, 'Uptown')
    const pending = uniqueEmail('pending')
    const invitation = (await inviteCall(testApp, owner, { email: pending, role: 'TECHNICIAN', locationId: location.id })).json().invitation
    await testApp.app.inject({ method: 'DELETE', url: `/api/team/invitations/${invitation.id}`, headers: owner.headers })
    const person = await joinTeam(testApp, owner, 'TECHNICIAN', location.id)
    await testApp.app.inject({
      method: 'PATCH',
      url: `/api/team/people/${person.id}`,
      headers: owner.headers,
      payload: { role: 'MANAGER', locationIds: [location.id, second.id] },
    })
    await testApp.app.inject({ method: 'DELETE', url: `/api/team/people/${person.id}`, headers: owner.headers })

    const answer = await testApp.app.inject({ method: 'GET', url: '/api/admin/action-log?limit=100', headers: superAdmin.headers })
    const entries = (answer.json().entries as Entry[]).filter((entry) => entry.kind.startsWith('TEAM_'))
    const text = (kind: string) => entries.filter((entry) => entry.kind === kind).map((entry) => entry.text)
    const business = `the business of Olga Owner (${owner.email})`
    expect(text('TEAM_LOCATION_CREATED')).toContain(`Olga Owner created the location Harbor of ${business}`)
    expect(text('TEAM_INVITATION_SENT')).toContain(`Olga Owner invited ${pending} as a technician at Harbor to the team of ${business}`)
    expect(text('TEAM_INVITATION_WITHDRAWN')).toContain(
      `Olga Owner withdrew the invitation of ${pending} as a technician to the team of ${business}`,
    )
    expect(text('TEAM_JOINED')).toContain(`Tomas Tech joined the team of ${business} as a technician at Harbor`)
    expect(text('TEAM_MEMBER_CHANGED')).toContain(
      `Olga Owner made Tomas Tech (${person.email}) a manager (was a technician) at Harbor, Uptown in the team of ${business}`,
    )
    expect(text('TEAM_MEMBER_REMOVED')).toContain(
      `Olga Owner removed Tomas Tech (${person.email}), a manager, from the team of ${business}; every session of theirs ended`,
    )
    const created = entries.find((entry) => entry.kind === 'TEAM_LOCATION_CREATED')
    expect(created?.link).toMatchObject({ kind: 'user', search: owner.email })
  })
})
