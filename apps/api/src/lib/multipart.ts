import '@fastify/multipart'
import type { IncomingMessage } from 'node:http'
import { Transform, type TransformCallback, type Writable } from 'node:stream'
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

/** The text fields a form may carry besides its files. */
const MAX_FIELDS = 40

const tooManyParts = () =>
  new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.tooManyParts, [{ field: 'form', message: UPLOAD_MESSAGES.tooManyParts }])

/**
 * Counts a multipart body's parts by their delimiters as its bytes arrive, before busboy reads them, and stops the
 * body at the first part past the form's limit. busboy parses every part it is handed, past its own limits too (30 to
 * 60 µs a part: 20,000 empty fields in 1.2 MB held the event loop 0.4-1.3 s), and a multipart body has no size limit
 * but its files'. The boundary never occurs inside a part, so counting it counts the parts.
 */
export class PartCounter extends Transform {
  readonly #delimiter: Buffer
  /** The body closes with one delimiter more than it has parts. */
  readonly #maxDelimiters: number
  #tail = Buffer.alloc(0)
  #delimiters = 0

  constructor(boundary: string, maxParts: number) {
    super()
    this.#delimiter = Buffer.from(`--${boundary}`)
    this.#maxDelimiters = maxParts + 1
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    // The end of the last chunk goes with this one, so a delimiter split between two chunks is found.
    const bytes = Buffer.concat([this.#tail, chunk])
    const step = this.#delimiter.length
    for (let at = bytes.indexOf(this.#delimiter); at !== -1; at = bytes.indexOf(this.#delimiter, at + step)) {
      this.#delimiters += 1
      if (this.#delimiters > this.#maxDelimiters) {
        done(tooManyParts())
        return
      }
    }
    this.#tail = bytes.subarray(Math.max(0, bytes.length - step + 1))
    done(null, chunk)
  }
}

/**
 * @fastify/multipart pipes the raw request into busboy itself, and unpipes it when it is done: for this request
 * both go through the counter, and the counter's refusal ends busboy's reading with it. The rest of a refused body
 * is read and dropped unparsed, as plugins/app/graceful-close.ts does: a client still sending would see a broken pipe
 * instead of the 400, and a connection left unread would hold its socket until the request timeout.
 */
function countPartsOf(raw: IncomingMessage, maxParts: number): void {
  const boundary = /boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(raw.headers['content-type'] ?? '')
  const value = boundary?.[1] ?? boundary?.[2]
  // Without a boundary busboy refuses the form before reading a byte.
  if (!value) return
  const counter = new PartCounter(value, maxParts)
  const { pipe, unpipe } = raw
  raw.pipe = (<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    const busboy = destination as unknown as Writable
    counter.once('error', (error) => {
      busboy.destroy(error)
      raw.unpipe()
      raw.resume()
    })
    pipe.call(raw, counter)
    return counter.pipe(destination, options)
  }) as typeof raw.pipe
  raw.unpipe = ((destination?: NodeJS.WritableStream) => {
    counter.unpipe(destination)
    unpipe.call(raw, counter)
    return raw
  }) as typeof raw.unpipe
}

/**
 * Reads a whole multipart body into memory before anything is stored, so a request that fails
 * validation leaves no file behind. Only the named file fields are accepted; each is capped at 5 MB, and the body
 * at the form's parts (PartCounter).
 */
export async function readMultipart(request: FastifyRequest, allowedFiles: readonly string[]): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data.')
  const fields: Record<string, string> = {}
  const files: Record<string, UploadedFile> = {}
  const maxParts = MAX_FIELDS + allowedFiles.length
  countPartsOf(request.raw, maxParts)
  const parts = request.parts({
    limits: { fileSize: UPLOAD_MAX_BYTES, files: allowedFiles.length, fields: MAX_FIELDS, fieldSize: 64 * 1024, parts: maxParts },
  })
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
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge)
    if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION_ERROR', 'Too many files in this form.')
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooManyParts()
    throw error
  }
  return { fields, files }
}
