import { documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'
import { OWNERSHIP_DOCUMENT_LABELS, type OwnershipDocumentKind } from '@keydesk/contracts/vehicle-request'

/** The member's documents as the release record keeps them, e.g. "Certificate of insurance (approved)". */
export function describeDocuments(documents: { docType: string; verified: boolean | null }[]): string {
  if (documents.length === 0) return 'none'
  return documents.map((document) => `${documentLabel(document.docType)} (${reviewStateLabel(document.verified)})`).join('; ')
}

/** What a request carried as proof of ownership (docs/decisions/041). */
export interface RequestProof {
  ownershipDocument: OwnershipDocumentKind | null
  hasOwnershipPhoto: boolean
  hasOwnerId: boolean
  hasPlatePhoto: boolean
  hasOdometerPhoto: boolean
  ownerName: string | null
}

/**
 * The proof of ownership as the release record keeps it, after the buyer's documents: for a member, the customer
 * authorisation ("owner Dana Reyes, owner's ID photos, Title photo"); for a guest, the ownership photo. Then the
 * plate and odometer photos; '' when the request carried none of it.
 */
export function describeProof(proof: RequestProof, isGuest: boolean): string {
  const parts = [
    !isGuest && proof.ownerName ? `owner ${proof.ownerName}` : null,
    !isGuest && proof.hasOwnerId ? "owner's ID photos" : null,
    proof.hasOwnershipPhoto ? `${OWNERSHIP_DOCUMENT_LABELS[proof.ownershipDocument ?? 'REGISTRATION']} photo` : null,
    proof.hasPlatePhoto ? 'licence plate photo' : null,
    proof.hasOdometerPhoto ? 'odometer photo' : null,
  ].filter((part): part is string => part !== null)
  if (parts.length === 0) return ''
  return `; ${isGuest ? 'proof of ownership' : 'customer authorisation'}: ${parts.join(', ')}`
}
