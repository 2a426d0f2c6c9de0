/**
 * One name per document, on every screen and in every record, so no document goes by two names.
 * Two kinds of identity photo are different documents and keep different names:
 * - a member's government photo ID, front and back: sent at sign-up, replaced on the profile, added to a member's
 *   request; it is the 'Government photo ID' the compliance rules ask for, hence its name;
 * - a driver's license, front and back: the guest's two licence photos on a request, and the licence a member sends on
 *   the Credentials tab.
 * Keys are the form fields and the API's file keys; DOCUMENT_LABELS below names the stored document types with them.
 */
export const DOCUMENT_NAMES = {
  frontId: 'Government photo ID (front)',
  backId: 'Government photo ID (back)',
  businessDocument: 'Business document',
  businessLicense: 'Business license',
  insurance: 'Certificate of insurance',
  registration: 'Registration, title or insurance',
  licenseFront: "Driver's license (front)",
  licenseBack: "Driver's license (back)",
} as const
export type DocumentField = keyof typeof DOCUMENT_NAMES

/** Human names for the document kinds a member or a guest can have on file (never show the raw code). */
export const DOCUMENT_LABELS: Record<string, string> = {
  FRONT_ID: DOCUMENT_NAMES.frontId,
  BACK_ID: DOCUMENT_NAMES.backId,
  BUSINESS_DOCUMENT: DOCUMENT_NAMES.businessDocument,
  COI: DOCUMENT_NAMES.insurance,
  INSURANCE: DOCUMENT_NAMES.insurance,
  BUSINESS_LICENSE: DOCUMENT_NAMES.businessLicense,
  DRIVERS_LICENSE_FRONT: DOCUMENT_NAMES.licenseFront,
  DRIVERS_LICENSE_BACK: DOCUMENT_NAMES.licenseBack,
  REGISTRATION: DOCUMENT_NAMES.registration,
  LICENSE_FRONT: DOCUMENT_NAMES.licenseFront,
  LICENSE_BACK: DOCUMENT_NAMES.licenseBack,
}

export const documentLabel = (docType: string) => DOCUMENT_LABELS[docType] ?? docType

/** A document's review state in words: null is not reviewed yet. */
export const reviewStateLabel = (verified: boolean | null) => (verified === null ? 'pending review' : verified ? 'approved' : 'rejected')
