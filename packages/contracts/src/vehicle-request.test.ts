import { describe, expect, it } from 'vitest'
import { GUEST_LICENCE_MESSAGES, GUEST_OWNERSHIP_MESSAGE, keycodeRequestFormSchema, REQUIRED_CHOICE_MESSAGES } from './vehicle-request.ts'

const problemOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

const filled = { make: 'Honda', model: 'Civic', year: '2016', vin: '1HGCR2F31GA000000', ownershipDocument: 'REGISTRATION', ownerName: '' }
const photo = new File(['x'], 'licence.jpg', { type: 'image/jpeg' })

describe('keycode request form (docs/product.md, "Catalogue and VIN")', () => {
  it('marks every empty choice on its own field, then the VIN, then each missing licence photo', () => {
    expect(problemOf(keycodeRequestFormSchema(true).safeParse({ ...filled, model: '', vin: '' }))).toEqual([
      `model: ${REQUIRED_CHOICE_MESSAGES.model}`,
      `vin: ${REQUIRED_CHOICE_MESSAGES.vin}`,
    ])
    expect(problemOf(keycodeRequestFormSchema(true).safeParse({ ...filled, vin: '1HGCR2F31GA00000O' }))).toEqual([
      'vin: A VIN never contains the letters I, O or Q: check for the digits 1 and 0.',
    ])
    expect(problemOf(keycodeRequestFormSchema(true).safeParse({ ...filled, licenseFront: photo, registration: photo }))).toEqual([
      `licenseBack: ${GUEST_LICENCE_MESSAGES.licenseBack}`,
    ])
  })

  it('asks a guest for the proof of ownership beside the licence (docs/decisions/041)', () => {
    expect(problemOf(keycodeRequestFormSchema(true).safeParse({ ...filled, licenseFront: photo, licenseBack: photo }))).toEqual([
      `registration: ${GUEST_OWNERSHIP_MESSAGE}`,
    ])
  })

  it('asks a member for no licence photos and no proof of ownership', () => {
    expect(keycodeRequestFormSchema(false).safeParse(filled).success).toBe(true)
    expect(
      keycodeRequestFormSchema(true).safeParse({ ...filled, licenseFront: photo, licenseBack: photo, registration: photo }).success,
    ).toBe(true)
  })
})
