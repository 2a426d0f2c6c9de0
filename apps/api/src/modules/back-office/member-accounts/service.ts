import { ACCOUNT_MESSAGES, UpdateProfileFieldsSchema } from '@keydesk/contracts/accounts-api'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError, type FieldProblem } from '../../../errors.ts'
import { cleanImage } from '../../../lib/image-upload.ts'
import type { MultipartBody } from '../../../lib/multipart.ts'
import { storeImagesWithRows } from '../../../lib/stored-images.ts'
import { actsAsAdmin } from '../../../plugins/app/auth.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { findUserById, listIdentityDocuments, saveMemberDocuments, toUserView, updateUserContact } from '../../accounts/index.ts'
import { disputeView, findOrderContacts, listDisputesOfMember } from '../../ordering/index.ts'
import { fileLink } from '../../platform/index.ts'

export const UPDATE_PROFILE_IMAGES = ['frontId', 'backId', 'insurance'] as const
const IMAGE_DOC_TYPES = { frontId: 'FRONT_ID', backId: 'BACK_ID', insurance: 'INSURANCE' } as const

export interface DocumentLinks {
  frontId: string | null
  backId: string | null
  insurance: string | null
}

/**
 * The latest ID and insurance document of each listed user, as authenticated file links (never a storage path)
 * that the user and admins can open; a user without one gets null.
 */
export async function latestDocumentLinks(db: DbExecutor, userIds: string[]): Promise<Map<string, DocumentLinks>> {
  const links = new Map<string, DocumentLinks>()
  if (userIds.length === 0) return links
  const rows = await listIdentityDocuments(db, userIds)
  const latest = new Map<string, string>()
  for (const row of rows) {
    const key = `${row.userId}:${row.docType}`
    if (!latest.has(key)) latest.set(key, row.fileId)
  }
  for (const userId of userIds) {
    links.set(userId, {
      frontId: fileLink(latest.get(`${userId}:FRONT_ID`)),
      backId: fileLink(latest.get(`${userId}:BACK_ID`)),
      insurance: fileLink(latest.get(`${userId}:INSURANCE`) ?? latest.get(`${userId}:COI`)),
    })
  }
  return links
}

/** How many of a member's disputes the back office shows on the account, newest first. */
const DISPUTES_SHOWN = 20

/** The member's disputes with their orders' confirmation numbers (docs/decisions/028). */
async function disputesOfMember(db: DbExecutor, userId: string) {
  const rows = await listDisputesOfMember(db, userId, DISPUTES_SHOWN)
  const orders = await findOrderContacts(
    db,
    rows.flatMap((row) => (row.transactionId ? [row.transactionId] : [])),
  )
  return rows.map((row) => disputeView(row, row.transactionId ? (orders.get(row.transactionId)?.confirmationNumber ?? null) : null))
}

/**
 * GET /auth/getUserProfile/{id}: the person themselves, or an admin. Anyone else learns nothing (404). An admin also
 * reads the member's payment disputes, which hold their releases (docs/decisions/028).
 */
export async function readUserDetails(ports: Uses<'database' | 'clock'>, viewer: Principal, id: string) {
  if (viewer.id !== id && !actsAsAdmin(viewer)) throw new AppError('NOT_FOUND', 'User not found.')
  const user = await findUserById(ports.database.db, id)
  if (!user) throw new AppError('NOT_FOUND', 'User not found.')
  const links = (await latestDocumentLinks(ports.database.db, [user.id])).get(user.id) ?? { frontId: null, backId: null, insurance: null }
  return {
    ...toUserView(user, ports.clock.now()),
    ...links,
    frontIdImage: links.frontId,
    backIdImage: links.backId,
    insuranceImage: links.insurance,
    ...(actsAsAdmin(viewer) ? { disputes: await disputesOfMember(ports.database.db, user.id) } : {}),
  }
}

/** PUT /auth/updateProfile: names, phone, state and new ID or insurance images, for the signed-in user only. */
export async function updateUserDetails(ports: Uses<'database' | 'storage' | 'clock'>, userId: string, body: MultipartBody) {
  const parsed = UpdateProfileFieldsSchema.safeParse(body.fields)
  if (!parsed.success) {
    const details: FieldProblem[] = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }))
    throw new AppError('VALIDATION_ERROR', details[0]?.message ?? 'Please check the form.', details)
  }
  const images = []
  for (const name of UPDATE_PROFILE_IMAGES) {
    const file = body.files[name]
    if (file) images.push({ purpose: IMAGE_DOC_TYPES[name], image: await cleanImage(name, file) })
  }
  const now = ports.clock.now()
  const replacedKeys = await storeImagesWithRows(ports.storage, ports.database.db, images, async (tx, stored) => {
    const contact = {
      fname: parsed.data.fname,
      lname: parsed.data.lname,
      phone: parsed.data.phone || null,
      state: parsed.data.state ?? null,
    }
    await updateUserContact(tx, userId, contact, now)
    // The same rule as the credentials upload: a new image of a kind replaces the old one, within the member's share.
    return saveMemberDocuments(
      tx,
      userId,
      stored.map((item) => ({
        docType: item.purpose,
        storageKey: item.key,
        contentType: item.image.contentType,
        sizeBytes: item.image.data.length,
      })),
    )
  })
  await Promise.all(replacedKeys.map((key) => ports.storage.remove(key).catch(() => undefined)))
  return { message: ACCOUNT_MESSAGES.userDetailsUpdated }
}
