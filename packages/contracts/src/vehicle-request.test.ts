import { describe, expect, it } from 'vitest'
import { keycodeRequestFormSchema, ORDERING_MESSAGES } from './vehicle-request.ts'

const problemOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

const filled = { make: 'Honda', model: 'Civic', year: '2016', vin: '1HGCR2F31GA000000' }
const photo = new File(['x'], 'licence.jpg', { type: 'image/jpeg' })

describe('keycode request form (docs/product.md §4)', () => {
  it('reports one problem at a time: the first empty choice, then the VIN, then the licence photos', () => {
    expect(problemOf(keycodeRequestFormSchema(true).safeParse({ ...filled, model: '', vin: '' }))).toEqual([
      `model: ${ORDERING_MESSAGES.requiredFields}`,
    ])
    expect(problemOf(keycodeRequestFormSchema(true).safeParse({ ...filled, vin: '1HGCR2F31GA00000O' }))).toEqual([
      'vin: A VIN never contains the letters I, O or Q: check for the digits 1 and 0.',
    ])
    expect(problemOf(keycodeRequestFormSchema(true).safeParse({ ...filled, licenseFront: photo }))).toEqual([
      `licenseBack: ${ORDERING_MESSAGES.guestLicenseRequired}`,
    ])
  })

  it('asks a member for no licence photos', () => {
    expect(keycodeRequestFormSchema(false).safeParse(filled).success).toBe(true)
    expect(keycodeRequestFormSchema(true).safeParse({ ...filled, licenseFront: photo, licenseBack: photo }).success).toBe(true)
  })
})
