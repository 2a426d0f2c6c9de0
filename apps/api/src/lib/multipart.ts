import '@fastify/multipart'
import { UPLOAD_MAX_BYTES } from '@keydesk/contracts/limits'
import { CONTROL_CHARACTER, CONTROL_CHARACTER_MESSAGE } from '@keydesk/contracts/text'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'

export interface UploadedFile {
  fieldname: string
  filename: string
  declaredType: string
  data: Buffer
}

export interface MultipartBody {
  fields: Record<string, string>
  files: Record<string, UploadedFile>
}

/**
 * Reads a whole multipart body into memory before anything is stored, so a request that fails
 * validation leaves no file behind. Only the named file fields are accepted; each is capped at 5 MB.
 */
export async function readMultipart(request: FastifyRequest, allowedFiles: readonly string[]): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data.')
  const fields: Record<string, string> = {}
  const files: Record<string, UploadedFile> = {}
  const parts = request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: allowedFiles.length, fields: 40, fieldSize: 64 * 1024 } })
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string' || Object.hasOwn(fields, part.fieldname)) continue
        // Form fields skip the route's schema validator, so the control-character rule is applied here.
        if (CONTROL_CHARACTER.test(part.value)) {
          throw new AppError('VALIDATION_ERROR', CONTROL_CHARACTER_MESSAGE, [{ field: part.fieldname, message: CONTROL_CHARACTER_MESSAGE }])
        }
        fields[part.fieldname] = part.value
        continue
      }
      if (!allowedFiles.includes(part.fieldname)) {
        part.file.resume()
        throw new AppError('VALIDATION_ERROR', `Unexpected file field ${part.fieldname}.`, [
          { field: part.fieldname, message: 'Unexpected file.' },
        ])
      }
      const data = await part.toBuffer()
      // A file input left empty arrives as a nameless empty part; a chosen file with no bytes is refused.
      if (data.length === 0) {
        if (!part.filename) continue
        throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.empty, [{ field: part.fieldname, message: UPLOAD_MESSAGES.empty }])
      }
      files[part.fieldname] = { fieldname: part.fieldname, filename: part.filename, declaredType: part.mimetype, data }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge)
    }
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new AppError('VALIDATION_ERROR', 'Too many files in this form.')
    }
    throw error
  }
  return { fields, files }
}
