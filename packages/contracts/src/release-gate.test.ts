import { describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES } from './admin-messages.ts'
import { type ReleaseRequester, releaseHold, releaseRefusal } from './release-gate.ts'

/** The release gate's business rule (docs/decisions/039): an order placed for an Enterprise business. */
const validatedMember: ReleaseRequester = {
  isGuest: false,
  accountValidated: true,
  accountActive: true,
  hasRecipient: true,
  disputeHold: null,
}
const override = { overrideReason: 'Checked by phone with the owner.' }

describe('the release gate for an order placed for a business', () => {
  it('lets a validated person of an active, validated business through', () => {
    expect(releaseRefusal({ ...validatedMember, business: { active: true, validated: true } }, {})).toBeNull()
  })

  it('holds every release of a revoked business, whatever reason is given', () => {
    const requester = { ...validatedMember, business: { active: false, validated: true } }
    expect(releaseHold(requester)).toBe(ADMIN_MESSAGES.releaseBusinessRevoked)
    expect(releaseRefusal(requester, override)).toBe(ADMIN_MESSAGES.releaseBusinessRevoked)
  })

  it('holds every release of a business not validated, whatever reason is given', () => {
    const requester = { ...validatedMember, business: { active: true, validated: false } }
    expect(releaseHold(requester)).toBe(ADMIN_MESSAGES.releaseBusinessNotValidated)
    expect(releaseRefusal(requester, override)).toBe(ADMIN_MESSAGES.releaseBusinessNotValidated)
  })

  it('weighs no business for an order of one’s own', () => {
    expect(releaseHold({ ...validatedMember, business: null })).toBeNull()
    expect(releaseHold(validatedMember)).toBeNull()
  })
})
