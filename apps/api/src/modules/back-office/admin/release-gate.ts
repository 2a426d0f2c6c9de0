import { documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'

/** The member's documents as the release record keeps them, e.g. "Certificate of insurance (approved)". */
export function describeDocuments(documents: { docType: string; verified: boolean | null }[]): string {
  if (documents.length === 0) return 'none'
  return documents.map((document) => `${documentLabel(document.docType)} (${reviewStateLabel(document.verified)})`).join('; ')
}
