import { type Profile, UpdateProfileFieldsSchema } from '@keydesk/contracts/profile'
import { AppError, notFound } from '../../../errors.ts'
import { isDatabaseUnreachable } from '../../../lib/database-unreachable.ts'
import { cleanImage } from '../../../lib/image-upload.ts'
import type { UploadedFile } from '../../../lib/multipart.ts'
import type { Database, Uses } from '../../../ports.ts'
import { deleteFileRows, fileLink, insertFileRow } from '../../platform/index.ts'
import { findUserContact, updateUserContact } from '../members/contact-repository.ts'
import { findMemberProfile, upsertMemberProfile } from '../members/profile-repository.ts'

export async function readProfile(db: Database, userId: string): Promise<Profile> {
  const [contact, profile] = await Promise.all([findUserContact(db, userId), findMemberProfile(db, userId)])
  if (!contact) throw notFound()
  return {
    firstName: contact.fname,
    lastName: contact.lname,
    email: contact.email,
    phone: contact.phone,
    company: contact.company,
    address: profile?.address ?? null,
    city: profile?.city ?? null,
    state: contact.state,
    zipCode: profile?.zipCode ?? null,
    profilePhoto: fileLink(profile?.profilePhotoFileId),
    companyLogo: fileLink(profile?.companyLogoFileId),
  }
}

const IMAGE_PURPOSES = { profilePhoto: 'PROFILE_PHOTO', companyLogo: 'COMPANY_LOGO' } as const
type ImageField = keyof typeof IMAGE_PURPOSES

/**
 * PUT /user/profile (docs/product.md, 'Member area, files, chat and support'). Images are checked by content and re-encoded before anything is written;
 * the row changes are one transaction, and replaced images are removed from storage only after it commits.
 */
export async function updateProfile(
  ports: Uses<'database' | 'storage' | 'clock'>,
  userId: string,
  fields: Record<string, string>,
  uploads: Record<string, UploadedFile>,
): Promise<Profile> {
  const { storage } = ports
  const db = ports.database.db
  const parsed = UpdateProfileFieldsSchema.safeParse(fields)
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }))
    throw new AppError('VALIDATION_ERROR', details[0]?.message ?? 'Invalid profile.', details)
  }
  const [contact, current] = await Promise.all([findUserContact(db, userId), findMemberProfile(db, userId)])
  if (!contact) throw notFound()

  const images: { field: ImageField; data: Buffer; extension: string; contentType: string }[] = []
  for (const field of Object.keys(IMAGE_PURPOSES) as ImageField[]) {
    const upload = uploads[field]
    if (upload) images.push({ field, ...(await cleanImage(field, upload)) })
  }

  const storedKeys: string[] = []
  let obsoleteKeys: string[] = []
  try {
    for (const image of images) storedKeys.push(await storage.put(image.data, image.extension))
    const now = ports.clock.now()
    obsoleteKeys = await db.transaction(async (tx) => {
      const { firstName, lastName, phone, company, state, address, city, zipCode } = parsed.data
      await updateUserContact(
        tx,
        userId,
        Object.fromEntries(
          Object.entries({ fname: firstName, lname: lastName, phone, company, state }).filter(([, value]) => value !== undefined),
        ),
        now,
      )
      const extras: Parameters<typeof upsertMemberProfile>[2] = Object.fromEntries(
        Object.entries({ address, city, zipCode }).filter(([, value]) => value !== undefined),
      )
      const replaced: string[] = []
      for (const [index, image] of images.entries()) {
        const key = storedKeys[index] as string
        const fileId = await insertFileRow(tx, {
          ownerUserId: userId,
          storageKey: key,
          contentType: image.contentType,
          sizeBytes: image.data.length,
          purpose: IMAGE_PURPOSES[image.field],
        })
        const previous = image.field === 'profilePhoto' ? current?.profilePhotoFileId : current?.companyLogoFileId
        if (previous) replaced.push(previous)
        if (image.field === 'profilePhoto') extras.profilePhotoFileId = fileId
        else extras.companyLogoFileId = fileId
      }
      await upsertMemberProfile(tx, userId, extras, now)
      return deleteFileRows(tx, replaced)
    })
  } catch (error) {
    // A lost database may have committed the rows without telling us: the orphan-file sweep decides later.
    if (!isDatabaseUnreachable(error)) await Promise.all(storedKeys.map((key) => storage.remove(key)))
    throw error
  }
  await Promise.all(obsoleteKeys.map((key) => storage.remove(key)))
  return readProfile(db, userId)
}
