import { ADMIN_MESSAGES } from './admin-messages.ts'
import { DISPUTE_HOLD_REFUSALS, type DisputeHold } from './disputes.ts'

/** What the release gate needs to know of an order's buyer (docs/decisions/013 and 028). */
export interface ReleaseRequester {
  isGuest: boolean
  accountValidated: boolean
  /** A member's account can still sign in (not revoked or disabled); true for guests, who have none. */
  accountActive: boolean
  /** Someone can receive the code: a member's account, or a guest's checkout e-mail. */
  hasRecipient: boolean
  /** A dispute of the order's payment, or of its buyer, that holds the release (docs/decisions/028); none when absent. */
  disputeHold: DisputeHold | null
  /**
   * The Enterprise business the order was placed for (docs/decisions/039): whether its account can still sign in and
   * whether an admin validated it. Absent or null for an order of one's own.
   */
  business?: { active: boolean; validated: boolean } | null | undefined
}

/**
 * What holds a release whatever the admin says: no one can receive the code (its account deleted, a guest without a
 * checkout e-mail), an account that cannot sign in (revoked, disabled), the business the order was placed for revoked
 * or not validated, or a dispute (docs/decisions/028): an admin's
 * reason cannot outweigh a chargeback or a super admin's review. Answers why, or null.
 */
export function releaseHold(requester: ReleaseRequester): string | null {
  if (!requester.hasRecipient) return ADMIN_MESSAGES.releaseNoRecipient
  if (!requester.accountActive) return ADMIN_MESSAGES.releaseAccountRevoked
  // The business vouches for its people with its own documents: revoked or unvalidated, it blocks all of their codes,
  // whatever reason an admin gives.
  if (requester.business && !requester.business.active) return ADMIN_MESSAGES.releaseBusinessRevoked
  if (requester.business && !requester.business.validated) return ADMIN_MESSAGES.releaseBusinessNotValidated
  if (requester.disputeHold) return DISPUTE_HOLD_REFUSALS[requester.disputeHold]
  return null
}

/**
 * The release gate (docs/decisions/013): beyond what holds it, a member's account must be validated, and a guest's
 * identity confirmed against the licence photos, unless the admin gives a reason to release anyway. The server decides
 * every release by it; the back office's order panel asks it what Submit will need. Answers why it refuses, or null.
 */
export function releaseRefusal(
  requester: ReleaseRequester,
  body: { identityChecked?: boolean | undefined; overrideReason?: string | null | undefined },
): string | null {
  const hold = releaseHold(requester)
  if (hold) return hold
  if (body.overrideReason) return null
  if (requester.isGuest) return body.identityChecked === true ? null : ADMIN_MESSAGES.releaseGuestUnchecked
  return requester.accountValidated ? null : ADMIN_MESSAGES.releaseNotValidated
}
