/**
 * One name per document, on every screen and in every record, so no document goes by two names (docs/decisions/029).
 * A member has one of each document, whichever screen sent it: the government photo ID, front and back, and the
 * business document are what sign-up asked for, and the Credentials tab and the profile replace those same documents.
 * A driver's license, front and back, is the guest's: the two licence photos on a guest's request.
 * Keys are the form fields and the API's file keys; DOCUMENT_LABELS below names the stored document types with them.
 */
export const DOCUMENT_NAMES = {
  frontId: 'Government photo ID (front)',
  backId: 'Government photo ID (back)',
  businessDocument: 'Business document',
  insurance: 'Certificate of insurance',
  registration: 'Registration, title or insurance',
  licenseFront: "Driver's license (front)",
  licenseBack: "Driver's license (back)",
  platePhoto: 'Licence plate photo',
  odometerPhoto: 'Odometer photo',
} as const
export type DocumentField = keyof typeof DOCUMENT_NAMES

/** Human names for the document kinds a member or a guest can have on file (never show the raw code). */
export const DOCUMENT_LABELS: Record<string, string> = {
  FRONT_ID: DOCUMENT_NAMES.frontId,
  BACK_ID: DOCUMENT_NAMES.backId,
  BUSINESS_DOCUMENT: DOCUMENT_NAMES.businessDocument,
  COI: DOCUMENT_NAMES.insurance,
  INSURANCE: DOCUMENT_NAMES.insurance,
  // The Credentials tab stored these kinds before it replaced the sign-up's documents; they are the same documents.
  BUSINESS_LICENSE: DOCUMENT_NAMES.businessDocument,
  DRIVERS_LICENSE_FRONT: DOCUMENT_NAMES.frontId,
  DRIVERS_LICENSE_BACK: DOCUMENT_NAMES.backId,
  REGISTRATION: DOCUMENT_NAMES.registration,
  LICENSE_FRONT: DOCUMENT_NAMES.licenseFront,
  LICENSE_BACK: DOCUMENT_NAMES.licenseBack,
  PLATE_PHOTO: DOCUMENT_NAMES.platePhoto,
  ODOMETER_PHOTO: DOCUMENT_NAMES.odometerPhoto,
}

export const documentLabel = (docType: string) => DOCUMENT_LABELS[docType] ?? docType

/**
 * The stored kinds that are one member document: a new document of a kind replaces every kind of the same document,
 * so a member's document is never listed twice (the sign-up's COI and the profile's INSURANCE, the Credentials tab's
 * former kinds and the sign-up's).
 */
const SAME_DOCUMENT: string[][] = [
  ['FRONT_ID', 'DRIVERS_LICENSE_FRONT'],
  ['BACK_ID', 'DRIVERS_LICENSE_BACK'],
  ['BUSINESS_DOCUMENT', 'BUSINESS_LICENSE'],
  ['COI', 'INSURANCE'],
]
export const sameDocumentKinds = (docType: string): string[] => SAME_DOCUMENT.find((kinds) => kinds.includes(docType)) ?? [docType]

/** A document's review state in words: null is not reviewed yet. */
export const reviewStateLabel = (verified: boolean | null) => (verified === null ? 'pending review' : verified ? 'approved' : 'rejected')
