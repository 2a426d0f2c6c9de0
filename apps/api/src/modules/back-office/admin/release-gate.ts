import { ADMIN_MESSAGES, type ProcessRequestBody } from '@keydesk/contracts/admin'
import { DISPUTE_HOLD_REFUSALS, type DisputeHold } from '@keydesk/contracts/disputes'
import { documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'

export interface Requester {
  isGuest: boolean
  accountValidated: boolean
  /** A member's account can still sign in (not revoked or disabled); true for guests, who have none. */
  accountActive: boolean
  /** Someone can receive the code: a member's account, or a guest's checkout e-mail. */
  hasRecipient: boolean
  /** A dispute of the order's payment, or of its buyer, that holds the release (docs/decisions/028); none when absent. */
  disputeHold: DisputeHold | null
}

/**
 * The release gate (docs/decisions/013): a member's account must be validated, and a guest's identity confirmed
 * against the licence photos, unless the admin gives a reason to release anyway. No reason releases a code to an
 * account that cannot sign in (revoked, disabled) or to an order no one can receive (its account deleted), nor while a
 * dispute holds the order (docs/decisions/028): an admin's reason cannot outweigh a chargeback or a super admin's review.
 * Answers why it refuses, or null.
 */
export function releaseRefusal(requester: Requester, body: Pick<ProcessRequestBody, 'identityChecked' | 'overrideReason'>): string | null {
  if (!requester.hasRecipient) return ADMIN_MESSAGES.releaseNoRecipient
  if (!requester.accountActive) return ADMIN_MESSAGES.releaseAccountRevoked
  if (requester.disputeHold) return DISPUTE_HOLD_REFUSALS[requester.disputeHold]
  if (body.overrideReason) return null
  if (requester.isGuest) return body.identityChecked === true ? null : ADMIN_MESSAGES.releaseGuestUnchecked
  return requester.accountValidated ? null : ADMIN_MESSAGES.releaseNotValidated
}

/** The member's documents as the release record keeps them, e.g. "Certificate of insurance (approved)". */
export function describeDocuments(documents: { docType: string; verified: boolean | null }[]): string {
  if (documents.length === 0) return 'none'
  return documents.map((document) => `${documentLabel(document.docType)} (${reviewStateLabel(document.verified)})`).join('; ')
}
