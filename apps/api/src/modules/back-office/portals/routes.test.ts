import { PORTAL_CREDS_RATE_LIMIT_PER_MINUTE, PORTAL_MESSAGES, PortalsConfigSchema } from '@keydesk/contracts/portals'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember, type TestMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

const ENV = { KCH_ACURA_USER: 'acura-login', KCH_ACURA_PASS: 's3cret-acura' }

let testApp: TestApp
let admin: TestMember
let superAdmin: TestMember
let user: TestMember

beforeAll(async () => {
  testApp = await createTestApp(ENV)
  admin = await createMember(testApp, 'ADMIN')
  superAdmin = await createMember(testApp, 'SUPER_ADMIN')
  user = await createMember(testApp, 'BASEUSER')
})
afterAll(() => testApp.close())

const creds = (headers: Record<string, string>, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url: '/api/api/keycodes/creds', headers, payload: payload as object })

describe('GET /keycode-portals.json', () => {
  it('gives admins the configuration with the vsp id and every manufacturer', async () => {
    const response = await testApp.app.inject({ url: '/api/keycode-portals.json', headers: admin.auth })
    expect(response.statusCode).toBe(200)
    const config = PortalsConfigSchema.parse(response.json())
    expect(config.meta.vsp_id).toBe('4E1B0D2W')
    expect(config.manufacturers.find((portal) => portal.id === 'mazda')).toMatchObject({ name: 'Mazda', sdrm: true })
    expect(config.manufacturers.find((portal) => portal.id === 'mini')?.portal_url).toBeUndefined()
  })

  it('never carries the names of the credential variables, even to admins', async () => {
    const response = await testApp.app.inject({ url: '/api/keycode-portals.json', headers: superAdmin.auth })
    expect(response.body).not.toContain('KCH_')
    expect(response.body).not.toContain('auth')
  })

  it('refuses a BASEUSER with 403 and a visitor with 401, revealing nothing', async () => {
    const asUser = await testApp.app.inject({ url: '/api/keycode-portals.json', headers: user.auth })
    const asVisitor = await testApp.app.inject({ url: '/api/keycode-portals.json' })
    expect(asUser.statusCode).toBe(403)
    expect(asVisitor.statusCode).toBe(401)
    for (const body of [asUser.body, asVisitor.body]) {
      expect(body).not.toContain('KCH_')
      expect(body).not.toContain('4E1B0D2W')
    }
  })
})

describe('GET /api/keycodes/portals', () => {
  it('lists the portals for admins and says which have credentials configured', async () => {
    const response = await testApp.app.inject({ url: '/api/api/keycodes/portals', headers: admin.auth })
    expect(response.statusCode).toBe(200)
    const { portals } = response.json() as { portals: { id: string; hasCredentials: boolean }[] }
    expect(portals.find((portal) => portal.id === 'acura')?.hasCredentials).toBe(true)
    expect(portals.find((portal) => portal.id === 'bmw')?.hasCredentials).toBe(false)
    expect(response.body).not.toContain('KCH_')
    expect(response.body).not.toContain('s3cret-acura')
  })

  it('refuses a BASEUSER and a visitor', async () => {
    expect((await testApp.app.inject({ url: '/api/api/keycodes/portals', headers: user.auth })).statusCode).toBe(403)
    expect((await testApp.app.inject({ url: '/api/api/keycodes/portals' })).statusCode).toBe(401)
  })
})

describe('POST /api/keycodes/creds', () => {
  it('answers the username and password from the variables the portal names', async () => {
    const response = await creds(superAdmin.auth, { oem: 'acura' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ username: 'acura-login', password: 's3cret-acura' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('answers 409 telling an admin to ask the operator, without naming the variables, when they are unset', async () => {
    const response = await creds(admin.auth, { oem: 'bmw' })
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toBe('No login is set up for this portal yet. Ask the operator who runs Keydesk to add it.')
    expect(response.body).not.toContain('KCH_')
  })

  it('names the variables to set in the 409 a super admin gets', async () => {
    const response = await creds(superAdmin.auth, { oem: 'bmw' })
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toMatch(
      /^No login is set up for this portal yet\. Ask the operator who runs Keydesk to add it \(environment variables KCH_BMW_\w+ and KCH_BMW_\w+\)\.$/,
    )
  })

  it('answers 404 for an unknown OEM', async () => {
    const response = await creds(admin.auth, { oem: 'trabant' })
    expect(response.statusCode).toBe(404)
    expect(response.json().error).toBe(PORTAL_MESSAGES.unknownOem)
  })

  it('answers 400 for a body without an oem', async () => {
    expect((await creds(admin.auth, {})).statusCode).toBe(400)
    expect((await creds(admin.auth, { oem: '' })).statusCode).toBe(400)
  })

  it('refuses a BASEUSER with 403 without releasing anything, whatever the body', async () => {
    for (const body of [{ oem: 'acura' }, {}]) {
      const response = await creds(user.auth, body)
      expect(response.statusCode).toBe(403)
      expect(response.body).not.toContain('acura-login')
      expect(response.body).not.toContain('s3cret-acura')
      expect(response.body).not.toContain('KCH_')
    }
  })

  it('refuses a visitor with 401', async () => {
    expect((await creds({}, { oem: 'acura' })).statusCode).toBe(401)
  })

  it('records who released which credentials, without the secret', async () => {
    await creds(admin.auth, { oem: 'acura' })
    const line = testApp
      .logs()
      .split('\n')
      .find((entry) => entry.includes('keycode portal credentials released') && entry.includes(admin.id))
    expect(line).toContain('"oem":"acura"')
    expect(testApp.logs()).not.toContain('s3cret-acura')
  })

  it('answers 429 with the documented text once one admin passes the per-minute limit, leaving other admins unaffected', async () => {
    const busyAdmin = await createMember(testApp, 'ADMIN')
    for (let call = 0; call < PORTAL_CREDS_RATE_LIMIT_PER_MINUTE; call++) {
      expect((await creds(busyAdmin.auth, { oem: 'acura' })).statusCode).toBe(200)
    }
    const limited = await creds(busyAdmin.auth, { oem: 'acura' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toBe(PORTAL_MESSAGES.rateLimited)
    const otherAdmin = await createMember(testApp, 'ADMIN')
    expect((await creds(otherAdmin.auth, { oem: 'acura' })).statusCode).toBe(200)
  })
})
