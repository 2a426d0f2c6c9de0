import { z } from 'zod'
import { DOCUMENT_NAMES } from './documents.ts'

/** The four documents a member uploads for admins to review (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Credentials). */
export const CREDENTIAL_FIELDS = ['businessLicense', 'driversLicenseFront', 'driversLicenseBack', 'insuranceCertificate'] as const
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number]

export const CREDENTIAL_LABELS: Record<CredentialField, string> = {
  businessLicense: DOCUMENT_NAMES.businessDocument,
  driversLicenseFront: DOCUMENT_NAMES.frontId,
  driversLicenseBack: DOCUMENT_NAMES.backId,
  insuranceCertificate: DOCUMENT_NAMES.insurance,
}

/** docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Credentials: pdf, jpg, jpeg, png; the server checks the bytes, the browser only the name. */
export const CREDENTIAL_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const
export const CREDENTIAL_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'

export const CredentialReviewSchema = z.enum(['PENDING', 'VERIFIED', 'REJECTED'])

export const CredentialDocumentSchema = z.object({
  name: z.string(),
  uploadDate: z.string(),
  review: CredentialReviewSchema,
})
export type CredentialDocument = z.infer<typeof CredentialDocumentSchema>

export const CredentialsSchema = z.object({
  businessLicense: CredentialDocumentSchema.nullable(),
  driversLicenseFront: CredentialDocumentSchema.nullable(),
  driversLicenseBack: CredentialDocumentSchema.nullable(),
  insuranceCertificate: CredentialDocumentSchema.nullable(),
  /** Every document on file, newest first. */
  identificationDocuments: z.array(CredentialDocumentSchema),
})
export type Credentials = z.infer<typeof CredentialsSchema>

export const CREDENTIAL_MESSAGES = {
  selectOne: 'Please select at least one document to upload.',
  licenseNeedsBothSides: 'Please upload both the front and the back of your government photo ID.',
  fileType: 'Only PDF, JPG, JPEG or PNG files are allowed.',
} as const

/** Checks on which documents were chosen: at least one, and the licence's two sides together. */
export function checkCredentialSelection(selection: Partial<Record<CredentialField, unknown>>): string | null {
  const chosen = CREDENTIAL_FIELDS.filter((field) => selection[field])
  if (chosen.length === 0) return CREDENTIAL_MESSAGES.selectOne
  if (Boolean(selection.driversLicenseFront) !== Boolean(selection.driversLicenseBack)) return CREDENTIAL_MESSAGES.licenseNeedsBothSides
  return null
}

/** The browser's first check by file name; the server judges the bytes. */
export function hasCredentialExtension(fileName: string): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? ''
  return (CREDENTIAL_EXTENSIONS as readonly string[]).includes(extension)
}

/** What a file input holds: the files chosen, none when nothing is. */
const chosenFiles = z.custom<ArrayLike<File>>().optional()

/**
 * The credentials upload form, one file input per document, with the checks of checkCredentialSelection and the
 * file names. A problem is reported on the field it concerns (the first one when none is chosen).
 */
export const CredentialsFormSchema = z
  .object({
    businessLicense: chosenFiles,
    driversLicenseFront: chosenFiles,
    driversLicenseBack: chosenFiles,
    insuranceCertificate: chosenFiles,
  })
  .superRefine((form, ctx) => {
    const selection = Object.fromEntries(CREDENTIAL_FIELDS.map((field) => [field, form[field]?.[0]]))
    const selectionProblem = checkCredentialSelection(selection)
    if (selectionProblem) {
      const missingSide = selection.driversLicenseFront ? 'driversLicenseBack' : 'driversLicenseFront'
      const field = selectionProblem === CREDENTIAL_MESSAGES.selectOne ? CREDENTIAL_FIELDS[0] : missingSide
      ctx.addIssue({ code: 'custom', message: selectionProblem, path: [field] })
      return
    }
    const misnamed = CREDENTIAL_FIELDS.find((field) => selection[field] && !hasCredentialExtension(selection[field].name))
    if (misnamed) ctx.addIssue({ code: 'custom', message: CREDENTIAL_MESSAGES.fileType, path: [misnamed] })
  })
export type CredentialsForm = z.input<typeof CredentialsFormSchema>

export const CREDENTIAL_STORAGE_FULL =
  'Your documents would take more than 50 MB. Upload a smaller file (a photo or a compressed PDF) to replace one.'
