import { describe, expect, it } from 'vitest'
import {
  ADMIN_MESSAGES,
  DocumentReviewFormSchema,
  ReleasesExportFormSchema,
  releaseConfirmation,
  releaseGateFormSchema,
  userReviewState,
} from './admin.ts'

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

describe("a user's review state in the lists", () => {
  const user = (
    isValidatedUser: boolean,
    pending: number,
    approved: number,
    rejected: number,
    isActive = true,
    closedAt: string | null = null,
  ) => ({
    isActive,
    isValidatedUser,
    documentReview: { pending, approved, rejected },
    closedAt,
  })

  it('says what waits for a review and what was rejected', () => {
    expect(userReviewState(user(false, 2, 1, 1))).toBe('Not validated · 2 to review, 1 rejected')
  })

  it('says when every document is approved', () => {
    expect(userReviewState(user(true, 0, 4, 0))).toBe('Validated · documents approved')
  })

  it('says a revoked account is revoked, and when it has no documents', () => {
    expect(userReviewState(user(true, 0, 0, 0, false))).toBe('Revoked · no documents')
  })

  it('says a closed account is closed, whatever else it was', () => {
    expect(userReviewState(user(true, 0, 4, 0, true, '2026-05-04T12:00:00.000Z'))).toBe('Closed · documents approved')
  })
})

describe('release confirmation', () => {
  it('names the keycode, the order and where the mail went', () => {
    const answer = { message: 'Keycode delivered.', confirmationNumber: 'KD-Y9E8U5GSWZ', mailQueuedTo: 'pat@example.com' }
    expect(releaseConfirmation('K4512', answer, '2019 Kia Forte')).toBe('Released K4512 for KD-Y9E8U5GSWZ: mail queued to pat@example.com')
  })

  it('names the vehicle when the order has no confirmation number, and says no mail was queued', () => {
    const answer = { message: 'Keycode delivered.', confirmationNumber: null, mailQueuedTo: null }
    expect(releaseConfirmation('K1', answer, '2019 Kia Forte')).toBe('Released K1 for 2019 Kia Forte: no mail queued (no address on file)')
  })
})

describe('document review form', () => {
  it('approves with or without notes', () => {
    expect(DocumentReviewFormSchema.safeParse({ verified: true, notes: '' }).success).toBe(true)
  })

  it('rejects only with a reason', () => {
    expect(problemOf(DocumentReviewFormSchema.safeParse({ verified: false, notes: '  ' }))).toEqual([
      'notes: Say why the document is rejected.',
    ])
    expect(DocumentReviewFormSchema.safeParse({ verified: false, notes: 'Blurred photo' }).success).toBe(true)
  })
})
