import { describe, expect, it } from 'vitest'
import { describeEntry, type LogRow, type Names } from './describe.ts'

const memberId = '6f1c2a7e-3b1d-4c55-9a0e-0d8f3f1f2a11'
const adminId = '0b7d9c4e-8e2f-4a61-b3c9-51e0f6a7d222'
const superAdminId = 'c3a5e1f0-7d44-4b8a-9f12-2e6b8d9c0333'
const reason = 'The member asked by phone to close the account.'

const names = (people: Record<string, { fname: string; lname: string; email: string }>): Names => ({
  people: new Map(Object.entries(people)),
  orders: new Map(),
  documents: new Map(),
})
const everyone = names({
  [memberId]: { fname: 'Lena', lname: 'Locke', email: 'lena@locke-keys.example' },
  [adminId]: { fname: 'Alex', lname: 'Queue', email: 'alex@keydesk.example' },
  [superAdminId]: { fname: 'Sam', lname: 'Super', email: 'sam@keydesk.example' },
})

const row = (action: string, actorId: string, details: Record<string, unknown> = {}): LogRow => ({
  id: 1,
  actorId,
  action,
  targetType: 'user',
  targetId: memberId,
  details,
  createdAt: new Date('2026-05-04T12:00:00Z'),
})

const memberLink = { kind: 'user', search: 'lena@locke-keys.example', label: 'Lena Locke' }

describe('the action log in words: closing, restoring and purging an account (docs/decisions/035)', () => {
  it('says a member closed their own account, and links to the member', () => {
    expect(describeEntry(row('ACCOUNT_CLOSED', memberId), everyone)).toMatchObject({
      kindLabel: 'Account closed',
      text: 'Lena Locke closed their account',
      link: memberLink,
    })
  })

  it("names the admin who closed a member's account, and the reason", () => {
    expect(describeEntry(row('ACCOUNT_CLOSED', adminId, { reason }), everyone)).toMatchObject({
      text: `Alex Queue closed the account of Lena Locke (lena@locke-keys.example); reason: ${reason}`,
      link: memberLink,
    })
  })

  it('says the member restored their account from the mailed link', () => {
    expect(describeEntry(row('ACCOUNT_RESTORED', memberId), everyone).text).toBe(
      'Lena Locke restored their account from the link mailed at closing',
    )
  })

  it('says a super admin purged an account at once with the reason, naming no one once the account is gone', () => {
    const afterPurge = names({ [superAdminId]: { fname: 'Sam', lname: 'Super', email: 'sam@keydesk.example' } })
    expect(describeEntry(row('ACCOUNT_PURGED', superAdminId, { reason: 'Verified request, ticket 4411.' }), afterPurge)).toMatchObject({
      kindLabel: 'Account purged at once',
      text: "Sam Super deleted an account at once, on its owner's verified request; its paid orders stay under a pseudonym; reason: Verified request, ticket 4411.",
      link: null,
    })
  })
})
