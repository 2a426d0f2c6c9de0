import { ACCOUNT_MESSAGES, AdminRegisterFieldsSchema, REGISTRATION_DOCUMENTS, RegisterFieldsSchema } from '@keydesk/contracts/accounts-api'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import type { z } from 'zod'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError, type FieldProblem } from '../../../errors.ts'
import { cleanImage } from '../../../lib/image-upload.ts'
import type { MultipartBody } from '../../../lib/multipart.ts'
import { storeImagesWithRows } from '../../../lib/stored-images.ts'
import type { Uses } from '../../../ports.ts'
import { insertFileRows } from '../../platform/index.ts'
import { consumeAdminCode } from '../admin-registration-code/service.ts'
import { insertComplianceDocuments } from '../credentials/repository.ts'
import * as accountRepository from '../members/account-repository.ts'
import { breachedPasswordProblem } from '../members/breached-passwords.ts'
import { hashPassword } from '../members/passwords.ts'

type UserRow = Awaited<ReturnType<typeof accountRepository.insertUser>>

const DOCUMENT_TYPES: Record<(typeof REGISTRATION_DOCUMENTS)[number], string> = {
  frontId: 'FRONT_ID',
  backId: 'BACK_ID',
  businessDocument: 'BUSINESS_DOCUMENT',
  coi: 'COI',
}

export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(fields)
  if (parsed.success) return parsed.data
  const details: FieldProblem[] = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }))
  throw new AppError('VALIDATION_ERROR', details[0]?.message ?? 'Please check the form.', details)
}

async function refuseBreachedPassword(ports: Uses<'config' | 'log'>, password: string) {
  const problem = await breachedPasswordProblem(ports, password)
  if (problem) throw new AppError('VALIDATION_ERROR', problem, [{ field: 'password', message: problem }])
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Business sign-up (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor'): four identity and business images, account not validated until an admin does. */
export async function registerBusinessUser(ports: Uses<'database' | 'storage' | 'config' | 'log'>, body: MultipartBody) {
  const fields = parseFields(RegisterFieldsSchema, body.fields)
  return createMemberAccount(ports, fields, body.files, REGISTRATION_DOCUMENTS)
}

/** The identity and business images an account is created with, by their multipart names. */
export type AccountDocument = (typeof REGISTRATION_DOCUMENTS)[number]

/**
 * A business user's account as sign-up creates it, for sign-up and for a team invitation alike: the password checked
 * against breaches and hashed, each named image required, cleaned and stored with its document row, the account not
 * validated until an admin does. `alongside` runs in the account's own transaction (a team joining): `before` ahead of
 * the account's row, so what it claims is claimed before the e-mail is taken, and `after` with the new account; all of
 * it commits or none does. A taken e-mail is refused whichever of the checks sees it first.
 */
export async function createMemberAccount<C = void>(
  ports: Uses<'database' | 'storage' | 'config' | 'log'>,
  fields: z.infer<typeof RegisterFieldsSchema>,
  files: MultipartBody['files'],
  documents: readonly AccountDocument[],
  alongside?: { before: (tx: DbExecutor) => Promise<C>; after: (tx: DbExecutor, user: UserRow, claimed: C) => Promise<void> },
) {
  await refuseBreachedPassword(ports, fields.password)
  const missing = documents.filter((name) => !files[name])
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      UPLOAD_MESSAGES.required,
      missing.map((field) => ({ field, message: UPLOAD_MESSAGES.required })),
    )
  }
  const images = await Promise.all(
    documents.map(async (name) => {
      const file = files[name]
      if (!file) throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.required, [{ field: name, message: UPLOAD_MESSAGES.required }])
      return { purpose: DOCUMENT_TYPES[name], image: await cleanImage(name, file) }
    }),
  )
  // A joining checked the e-mail when it opened its invitation; from then on its claim in the transaction decides, so
  // of two acceptances in flight the later is told the link was used, not that the first one's account exists.
  if (!alongside && (await accountRepository.findUserByEmail(ports.database.db, fields.email))) {
    throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken)
  }
  const passwordHash = await hashPassword(fields.password)
  try {
    return await storeImagesWithRows(ports.storage, ports.database.db, images, async (tx, stored) => {
      const claimed = alongside ? await alongside.before(tx) : undefined
      const user = await accountRepository.insertUser(tx, {
        email: fields.email,
        passwordHash,
        fname: fields.fname,
        lname: fields.lname,
        phone: fields.phone,
        state: fields.state,
        role: 'BASEUSER',
      })
      const fileIds = await insertFileRows(tx, { ownerUserId: user.id }, stored)
      await insertComplianceDocuments(
        tx,
        stored.map((item) => ({ userId: user.id, fileId: fileIds.get(item.purpose) ?? '', docType: item.purpose })),
      )
      if (alongside) await alongside.after(tx, user, claimed as C)
      return user
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken)
    throw error
  }
}

/**
 * Admin sign-up (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor'): a valid code sent to this e-mail, then the account waits for a super admin. The code is
 * checked first, and the password hashed before either check: without a code for that e-mail, the answer and its
 * timing say nothing about whether the e-mail has an account. A taken e-mail rolls the code's use back.
 */
export async function registerAdmin(ports: Uses<'database' | 'clock' | 'config' | 'log'>, body: MultipartBody) {
  const fields = parseFields(AdminRegisterFieldsSchema, body.fields)
  await refuseBreachedPassword(ports, fields.password)
  const passwordHash = await hashPassword(fields.password)
  const now = ports.clock.now()
  try {
    return await ports.database.db.transaction(async (tx) => {
      if (!(await consumeAdminCode(tx, fields.email, fields.adminCode, now))) {
        throw new AppError('VALIDATION_ERROR', ACCOUNT_MESSAGES.codeInvalid, [
          { field: 'adminCode', message: ACCOUNT_MESSAGES.codeInvalid },
        ])
      }
      if (await accountRepository.findUserByEmail(tx, fields.email)) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken)
      return accountRepository.insertUser(tx, {
        email: fields.email,
        passwordHash,
        fname: fields.fname,
        lname: fields.lname,
        phone: fields.phone,
        company: fields.company,
        role: 'ADMIN',
        adminApproval: 'PENDING',
      })
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken)
    throw error
  }
}
