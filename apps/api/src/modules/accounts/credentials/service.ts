import {
  CREDENTIAL_FIELDS,
  CREDENTIAL_LABELS,
  CREDENTIAL_STORAGE_FULL,
  type CredentialDocument,
  type CredentialField,
  type Credentials,
  checkCredentialSelection,
} from '@keydesk/contracts/credentials'
import { documentLabel, sameDocumentKinds } from '@keydesk/contracts/documents'
import { CREDENTIALS_MAX_STORED_BYTES } from '@keydesk/contracts/limits'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { isDatabaseUnreachable } from '../../../lib/database-unreachable.ts'
import type { UploadedFile } from '../../../lib/multipart.ts'
import type { Database, FileStorage } from '../../../ports.ts'
import { deleteFileRows, findFileSizes, insertFileRow, postNotice } from '../../platform/index.ts'
import { findUserNames } from '../members/contact-repository.ts'
import { type CheckedDocument, checkCredentialDocument } from './document-check.ts'
import {
  findComplianceDocuments,
  insertComplianceDocuments,
  listDocumentsForReview,
  lockDocumentFileIds,
  removeDocumentsOfKinds,
} from './repository.ts'

/**
 * The compliance docType each credential becomes: the sign-up's own kinds, since the Credentials tab replaces the
 * documents sign-up took (one document, one name: docs/decisions/029).
 */
const DOC_TYPE: Record<CredentialField, string> = {
  businessLicense: 'BUSINESS_DOCUMENT',
  driversLicenseFront: 'FRONT_ID',
  driversLicenseBack: 'BACK_ID',
  insuranceCertificate: 'COI',
}

const fieldOfDocType = new Map(
  Object.entries(DOC_TYPE).flatMap(([field, docType]) => sameDocumentKinds(docType).map((kind) => [kind, field as CredentialField])),
)

export async function readCredentials(db: Database, userId: string): Promise<Credentials> {
  const rows = await findComplianceDocuments(db, userId)
  const credentials: Credentials = {
    businessLicense: null,
    driversLicenseFront: null,
    driversLicenseBack: null,
    insuranceCertificate: null,
    identificationDocuments: [],
  }
  for (const row of rows) {
    const document: CredentialDocument = {
      // One name per document on every screen (documentLabel), the sign-up's photo ID included.
      name: documentLabel(row.docType),
      uploadDate: row.uploadedAt.toISOString(),
      review: row.verified === null ? 'PENDING' : row.verified ? 'VERIFIED' : 'REJECTED',
    }
    credentials.identificationDocuments.push(document)
    const field = fieldOfDocType.get(row.docType)
    // Rows come newest first, so the first one per field is the current document.
    if (field && credentials[field] === null) credentials[field] = document
  }
  return credentials
}

/** A user's documents, oldest first, each with its reviewer's name (null once that admin account is gone). */
export async function listDocumentsWithReviewer(db: Database, userId: string) {
  const documents = await listDocumentsForReview(db, userId)
  const reviewers = await findUserNames(
    db,
    documents.flatMap((document) => (document.reviewedBy ? [document.reviewedBy] : [])),
  )
  return documents.map((document) => {
    const reviewer = document.reviewedBy ? reviewers.get(document.reviewedBy) : undefined
    return { document, reviewerName: reviewer ? `${reviewer.fname} ${reviewer.lname}` : null }
  })
}

/**
 * PUT /user/credentials (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Credentials): each file becomes a compliance document pending admin review, and
 * the member gets a notice. Files are checked before anything is stored; rows are one transaction.
 */
export async function uploadCredentials(
  db: Database,
  storage: FileStorage,
  userId: string,
  uploads: Record<string, UploadedFile>,
): Promise<Credentials> {
  const problem = checkCredentialSelection(uploads)
  if (problem) throw new AppError('VALIDATION_ERROR', problem, [{ field: 'documents', message: problem }])

  const checked: { field: CredentialField; document: CheckedDocument }[] = []
  for (const field of CREDENTIAL_FIELDS) {
    const upload = uploads[field]
    if (upload) checked.push({ field, document: await checkCredentialDocument(field, upload) })
  }

  const storedKeys: string[] = []
  let replacedKeys: string[] = []
  try {
    for (const { document } of checked) storedKeys.push(await storage.put(document.data, document.extension))
    replacedKeys = await db.transaction(async (tx) => {
      const obsoleteKeys = await saveMemberDocuments(
        tx,
        userId,
        checked.map(({ field, document }, index) => ({
          docType: DOC_TYPE[field],
          storageKey: storedKeys[index] as string,
          contentType: document.contentType,
          sizeBytes: document.data.length,
        })),
      )
      await postNotice(tx, {
        userId,
        title: 'Documents received',
        message: `We received ${checked.map(({ field }) => CREDENTIAL_LABELS[field]).join(', ')}. An admin will review them shortly.`,
      })
      return obsoleteKeys
    })
  } catch (error) {
    // A lost database may have committed the rows without telling us: the orphan-file sweep decides later.
    if (!isDatabaseUnreachable(error)) await Promise.all(storedKeys.map((key) => storage.remove(key)))
    throw error
  }
  // Only now, committed: a failed removal leaves an orphan file for the sweep, never a row without its file.
  await Promise.all(replacedKeys.map((key) => storage.remove(key).catch(() => undefined)))
  return readCredentials(db, userId)
}

export interface StoredDocument {
  docType: string
  storageKey: string
  contentType: string
  sizeBytes: number
}

/**
 * The one rule for storing a member's documents, whichever route brings them (credentials, profile update): in the
 * caller's transaction, with the member's documents locked against a parallel upload, a new document of a kind
 * replaces the previous one of that kind, and the member's documents together stay within
 * CREDENTIALS_MAX_STORED_BYTES (413 otherwise). Answers the storage keys of the replaced files, to remove once the
 * transaction has committed. The routes also share one per-account upload rate (DOCUMENT_UPLOAD_LIMIT).
 */
export async function saveMemberDocuments(tx: DbExecutor, userId: string, documents: StoredDocument[]): Promise<string[]> {
  if (documents.length === 0) return []
  const sizes = await findFileSizes(tx, await lockDocumentFileIds(tx, userId))
  const bytesOf = (fileIds: Iterable<string>) => [...fileIds].reduce((sum, id) => sum + (sizes.get(id) ?? 0), 0)
  const before = bytesOf(sizes.keys())
  const replacedFileIds = await removeDocumentsOfKinds(
    tx,
    userId,
    documents.flatMap((document) => sameDocumentKinds(document.docType)),
  )
  // The replaced documents were among the locked ones, so their sizes are already known.
  const replacedBytes = bytesOf(replacedFileIds)
  const obsoleteKeys = await deleteFileRows(tx, replacedFileIds)
  const added = documents.reduce((sum, document) => sum + document.sizeBytes, 0)
  if (before - replacedBytes + added > CREDENTIALS_MAX_STORED_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', CREDENTIAL_STORAGE_FULL)
  const rows: { userId: string; fileId: string; docType: string }[] = []
  for (const { docType, ...file } of documents) {
    const fileId = await insertFileRow(tx, { ownerUserId: userId, purpose: docType, ...file })
    rows.push({ userId, fileId, docType })
  }
  await insertComplianceDocuments(tx, rows)
  return obsoleteKeys
}
