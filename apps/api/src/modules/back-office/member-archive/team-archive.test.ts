import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocation, enterpriseOwner, joinTeam } from '../../../test/teams.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { zipEntries } from '../../../test/zip-entries.ts'

/**
 * A member's data archive holds their part of an Enterprise team (docs/decisions/037 and 039): the owner's locations,
 * a person's own membership and the locations they work for; never another person's invitation.
 */
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

async function archiveOf(member: { headers: { cookie: string }; password: string }) {
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/data-archive',
    headers: member.headers,
    payload: { currentPassword: member.password },
  })
  expect(answer.statusCode).toBe(200)
  const entries = await zipEntries(answer.rawPayload)
  return (name: string) => JSON.parse(entries.get(name)?.toString('utf8') ?? 'null')
}

describe("a data archive's team parts", () => {
  it("give the owner the business's locations, and a technician their membership and location", async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner, 'Harbor')
    const technician = await joinTeam(testApp, owner, 'TECHNICIAN', location.id)

    const ownerParts = await archiveOf(owner)
    expect(ownerParts('team-locations.json')).toMatchObject([{ id: location.id, name: 'Harbor', region: 'Texas' }])
    expect(ownerParts('team-membership.json')).toEqual([])

    const technicianParts = await archiveOf(technician)
    expect(technicianParts('team-membership.json')).toMatchObject([{ businessId: owner.id, role: 'TECHNICIAN' }])
    expect(technicianParts('team-assignments.json')).toEqual([{ locationId: location.id }])
    expect(technicianParts('team-locations.json')).toEqual([])
    expect(JSON.stringify(technicianParts('team-membership.json'))).not.toContain(technician.id)
  })
})
