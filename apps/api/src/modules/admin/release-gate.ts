import { ADMIN_MESSAGES, type ProcessRequestBody } from '@keydesk/contracts/admin'
import { documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'

/**
 * The release gate (docs/decisions/013): a member's account must be validated, and a guest's identity confirmed
 * against the licence photos, unless the admin gives a reason to release anyway. Answers why it refuses, or null.
 */
export function releaseRefusal(
  requester: { isGuest: boolean; accountValidated: boolean },
  body: Pick<ProcessRequestBody, 'identityChecked' | 'overrideReason'>,
): string | null {
  if (body.overrideReason) return null
  if (requester.isGuest) return body.identityChecked === true ? null : ADMIN_MESSAGES.releaseGuestUnchecked
  return requester.accountValidated ? null : ADMIN_MESSAGES.releaseNotValidated
}

/** The member's documents as the release record keeps them, e.g. "Certificate of insurance (approved)". */
export function describeDocuments(documents: { docType: string; verified: boolean | null }[]): string {
  if (documents.length === 0) return 'none'
  return documents.map((document) => `${documentLabel(document.docType)} (${reviewStateLabel(document.verified)})`).join('; ')
}
