import { CREDENTIAL_MESSAGES } from '@keydesk/contracts/credentials'
import { fileTypeFromBuffer } from 'file-type'
import { AppError } from '../../../errors.ts'
import { cleanImage } from '../../../lib/image-upload.ts'
import type { UploadedFile } from '../../../lib/multipart.ts'

export interface CheckedDocument {
  data: Buffer
  extension: 'pdf' | 'jpg' | 'png'
  contentType: string
}

const PDF_MAGIC = Buffer.from('%PDF-')

/**
 * docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Credentials: pdf, jpg, jpeg or png, judged by the bytes (never the name or the declared type). Images are
 * re-encoded without metadata like every other upload; a PDF is kept as sent.
 */
export async function checkCredentialDocument(field: string, file: UploadedFile): Promise<CheckedDocument> {
  const refuse = () => new AppError('VALIDATION_ERROR', CREDENTIAL_MESSAGES.fileType, [{ field, message: CREDENTIAL_MESSAGES.fileType }])
  if (file.data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    return { data: file.data, extension: 'pdf', contentType: 'application/pdf' }
  const detected = await fileTypeFromBuffer(file.data)
  if (detected?.mime !== 'image/jpeg' && detected?.mime !== 'image/png') throw refuse()
  const image = await cleanImage(field, file)
  if (image.extension === 'webp') throw refuse()
  return image as CheckedDocument
}
