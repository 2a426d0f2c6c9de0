import { documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'
import { type ReleaseRequester, releaseRefusal } from '@keydesk/contracts/release-gate'

/** The buyer as the release gate reads it; the gate itself is one rule in contracts, which the back office also asks. */
export type Requester = ReleaseRequester
export { releaseRefusal }

/** The member's documents as the release record keeps them, e.g. "Certificate of insurance (approved)". */
export function describeDocuments(documents: { docType: string; verified: boolean | null }[]): string {
  if (documents.length === 0) return 'none'
  return documents.map((document) => `${documentLabel(document.docType)} (${reviewStateLabel(document.verified)})`).join('; ')
}
