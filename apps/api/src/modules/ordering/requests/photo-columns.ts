import { sql } from 'drizzle-orm'
import { vehicleRequests } from '../../../db/schema/ordering.ts'

type RequestRow = typeof vehicleRequests.$inferSelect

/**
 * Every photo a request may hold, the plate and odometer of docs/decisions/041 too: one list, so each removal, sweep
 * and retention job reaches them all.
 */
export const REQUEST_PHOTO_COLUMNS = [
  'frontIdFileId',
  'backIdFileId',
  'registrationFileId',
  'licenseFrontFileId',
  'licenseBackFileId',
  'platePhotoFileId',
  'odometerPhotoFileId',
] as const

/** The ids of the request's photo files. */
export const photoFileIds = (request: Pick<RequestRow, (typeof REQUEST_PHOTO_COLUMNS)[number]>) =>
  REQUEST_PHOTO_COLUMNS.map((column) => request[column]).filter((id): id is string => Boolean(id))

/** The photo columns set to null, with the vehicle owner's name that came with them: what a paid order keeps without them. */
export const withoutPhotos = () => ({ ...Object.fromEntries(REQUEST_PHOTO_COLUMNS.map((column) => [column, null])), ownerName: null })

export const photoIdArray = () =>
  sql<(string | null)[]>`array[${sql.join(
    REQUEST_PHOTO_COLUMNS.map((column) => sql`${vehicleRequests[column]}`),
    sql`, `,
  )}]`
