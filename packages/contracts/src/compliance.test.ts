import { describe, expect, it } from 'vitest'
import { complianceStatusFor } from './compliance.ts'

describe('complianceStatusFor', () => {
  it('requires a locksmith license in a state of the list in docs/product.md, "Accounts, sign-up, sign-in, sessions, two-factor", in any case', () => {
    expect(complianceStatusFor('texas')).toMatchObject({
      required: true,
      jurisdiction: 'Texas',
      requiredDocs: ['STATE_LOCKSMITH_LICENSE', 'PHOTO_ID'],
    })
  })

  it('requires only a photo ID elsewhere', () => {
    expect(complianceStatusFor('Ohio')).toMatchObject({ required: false, jurisdiction: 'Ohio', requiredDocs: ['PHOTO_ID'] })
  })

  it('gives the general rule without a state', () => {
    expect(complianceStatusFor(undefined)).toMatchObject({ required: false, jurisdiction: 'United States and Canada' })
  })
})
