import { SecuritySchema } from '@keydesk/contracts/security'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { createMember, type TestMember } from '../profile/test-members.ts'
import { recordSignIn } from './record-sign-in.ts'

let testApp: TestApp
let member: TestMember
let other: TestMember

beforeAll(async () => {
  testApp = await createTestApp()
  member = await createMember(testApp)
  other = await createMember(testApp)
})
afterAll(() => testApp.close())

const getSecurity = (headers: Record<string, string>) => testApp.app.inject({ url: '/api/user/security', headers })
const putSecurity = (headers: Record<string, string>, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: '/api/user/security', headers, payload })

describe('GET /user/security', () => {
  it('starts with both settings off and no sign-in', async () => {
    const response = await getSecurity(member.auth)
    expect(response.statusCode).toBe(200)
    expect(SecuritySchema.parse(response.json())).toEqual({
      twoFactorEnabled: false,
      fingerprintEnabled: false,
      lastLogin: null,
      loginHistory: [],
    })
  })

  it('shows recorded sign-ins newest first, with the latest as lastLogin, and none of another member', async () => {
    const signer = await createMember(testApp)
    await recordSignIn(testApp.app.database.db, { userId: signer.id, ipAddress: '203.0.113.7', userAgent: 'Firefox' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await recordSignIn(testApp.app.database.db, { userId: signer.id, ipAddress: '203.0.113.8', userAgent: 'Chrome' })
    await recordSignIn(testApp.app.database.db, { userId: other.id, ipAddress: '198.51.100.1', userAgent: 'Other' })
    const security = SecuritySchema.parse((await getSecurity(signer.auth)).json())
    expect(security.loginHistory.map((entry) => entry.userAgent)).toEqual(['Chrome', 'Firefox'])
    expect(security.lastLogin).toBe(security.loginHistory[0]?.signedInAt)
  })

  it('refuses a visitor', async () => {
    expect((await getSecurity({})).statusCode).toBe(401)
  })
})

describe('PUT /user/security', () => {
  it('turns two-factor on and keeps fingerprint as it was', async () => {
    const response = await putSecurity(member.auth, { twoFactor: true })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ twoFactorEnabled: true, fingerprintEnabled: false })
    expect((await getSecurity(member.auth)).json()).toMatchObject({ twoFactorEnabled: true })
  })

  it('turns fingerprint on for the caller only', async () => {
    await putSecurity(member.auth, { fingerprint: true })
    expect((await getSecurity(member.auth)).json().fingerprintEnabled).toBe(true)
    expect((await getSecurity(other.auth)).json().fingerprintEnabled).toBe(false)
  })

  it('refuses a body with neither setting, or a non-boolean', async () => {
    expect((await putSecurity(member.auth, {})).statusCode).toBe(400)
    expect((await putSecurity(member.auth, { twoFactor: 'yes' })).statusCode).toBe(400)
  })

  it('refuses a visitor', async () => {
    expect((await putSecurity({}, { twoFactor: true })).statusCode).toBe(401)
  })
})
