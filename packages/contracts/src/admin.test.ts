import { describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES, ReleasesExportFormSchema, releaseGateFormSchema } from './admin.ts'

const problemOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

describe('release gate form (decision 013)', () => {
  const guest = releaseGateFormSchema(true)
  const member = releaseGateFormSchema(false)

  it("lets a guest's order go with the licence photos checked, or with a reason", () => {
    expect(guest.safeParse({ identityChecked: true, overrideReason: '' }).success).toBe(true)
    expect(guest.safeParse({ identityChecked: false, overrideReason: 'Known customer, ID seen' }).data).toEqual({
      identityChecked: false,
      overrideReason: 'Known customer, ID seen',
    })
  })

  it('asks a guest for one or the other', () => {
    expect(problemOf(guest.safeParse({ identityChecked: false, overrideReason: '  ' }))).toEqual([
      `overrideReason: ${ADMIN_MESSAGES.releaseCheckOrReason}`,
    ])
  })

  it('needs a reason for a member not validated, and any reason given to be long enough', () => {
    expect(problemOf(member.safeParse({ identityChecked: false, overrideReason: '' }))).toEqual([
      `overrideReason: ${ADMIN_MESSAGES.releaseReasonTooShort}`,
    ])
    expect(problemOf(guest.safeParse({ identityChecked: true, overrideReason: 'short' }))).toEqual([
      `overrideReason: ${ADMIN_MESSAGES.releaseReasonTooShort}`,
    ])
  })
})

describe('releases download form', () => {
  it('needs both days, the first not after the last', () => {
    expect(problemOf(ReleasesExportFormSchema.safeParse({ from: '', to: '2026-01-31' }))).toEqual([
      `from: ${ADMIN_MESSAGES.releaseDaysRequired}`,
    ])
    expect(problemOf(ReleasesExportFormSchema.safeParse({ from: '2026-02-01', to: '2026-01-31' }))).toEqual([
      `from: ${ADMIN_MESSAGES.releaseDaysOrder}`,
    ])
    expect(ReleasesExportFormSchema.safeParse({ from: '2026-01-01', to: '2026-01-31' }).success).toBe(true)
  })
})
