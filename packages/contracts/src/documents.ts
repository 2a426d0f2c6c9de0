/** Human names for the document kinds a member or a guest can have on file (never show the raw code). */
export const DOCUMENT_LABELS: Record<string, string> = {
  FRONT_ID: 'Government photo ID (front)',
  BACK_ID: 'Government photo ID (back)',
  BUSINESS_DOCUMENT: 'Business document',
  COI: 'Certificate of insurance',
  INSURANCE: 'Certificate of insurance',
  BUSINESS_LICENSE: 'Business license',
  DRIVERS_LICENSE_FRONT: "Driver's license (front)",
  DRIVERS_LICENSE_BACK: "Driver's license (back)",
  REGISTRATION: 'Vehicle registration',
  LICENSE_FRONT: "Driver's license (front)",
  LICENSE_BACK: "Driver's license (back)",
}

export const documentLabel = (docType: string) => DOCUMENT_LABELS[docType] ?? docType

/** A document's review state in words: null is not reviewed yet. */
export const reviewStateLabel = (verified: boolean | null) => (verified === null ? 'pending review' : verified ? 'approved' : 'rejected')
