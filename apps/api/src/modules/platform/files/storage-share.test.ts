import { randomUUID } from 'node:crypto'
import {
  GUEST_UPLOAD_BYTES_PER_ADDRESS_PER_DAY,
  GUEST_UPLOAD_BYTES_PER_DAY,
  MEMBER_STORED_MAX_BYTES,
  MEMBER_UPLOAD_BYTES_PER_DAY,
} from '@keydesk/contracts/limits'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { files } from '../../../db/schema/files.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { pngImage } from '../../../test/images.ts'
import { createMember, type TestMember } from '../../../test/members.ts'
import { keycodeRequestForm } from '../../../test/requests.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

/**
 * Every upload counted (platform/files/storage-share.ts): request photos, documents and the profile photo of a member
 * count in one share, guests' photos per address and in all; a full share answers 413 in its own words and stores
 * nothing, and what is removed is free again.
 */
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db

/** A file row standing for bytes already kept (no bytes in storage: only its size counts here). */
async function planted(values: { ownerUserId?: string; guestId?: string; uploaderAddress?: string; sizeBytes: number; daysAgo?: number }) {
  const [row] = await db()
    .insert(files)
    .values({
      ownerUserId: values.ownerUserId ?? null,
      guestId: values.guestId ?? null,
      uploaderAddress: values.uploaderAddress ?? null,
      storageKey: `planted-${randomUUID()}.png`,
      contentType: 'image/png',
      sizeBytes: values.sizeBytes,
      purpose: 'FRONT_ID',
      createdAt: sql`now() - make_interval(days => ${values.daysAgo ?? 0})`,
    })
    .returning({ id: files.id })
  return row?.id as string
}

const requestCount = async () => (await db().select({ n: count() }).from(vehicleRequests))[0]?.n ?? 0
const filesOf = async (userId: string) => (await db().select({ n: count() }).from(files).where(eq(files.ownerUserId, userId)))[0]?.n ?? 0

const postRequest = async (headers: Record<string, string>, remoteAddress = '198.51.100.7') =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/vehicle/request-keycode-public',
    payload: await keycodeRequestForm({}, headers.authorization ? undefined : ['frontId', 'registration', 'licenseFront', 'licenseBack']),
    headers,
    remoteAddress,
  })

describe("a member's storage share", () => {
  let member: TestMember
  beforeEach(async () => {
    member = await createMember(testApp)
  })

  it("refuses request photos past the day's share with 413 and stores nothing", async () => {
    await planted({ ownerUserId: member.id, sizeBytes: MEMBER_UPLOAD_BYTES_PER_DAY - 1 })
    const [requestsBefore, filesBefore] = [await requestCount(), await filesOf(member.id)]
    const refused = await postRequest(member.auth)
    expect(refused.statusCode).toBe(413)
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.memberDailyShareFull)
    expect([await requestCount(), await filesOf(member.id)]).toEqual([requestsBefore, filesBefore])
  })

  it('takes photos again once the day has passed, and refuses them past the whole share', async () => {
    const old = await planted({ ownerUserId: member.id, sizeBytes: MEMBER_UPLOAD_BYTES_PER_DAY - 1, daysAgo: 2 })
    expect((await postRequest(member.auth)).statusCode).toBe(201)
    await db()
      .update(files)
      .set({ sizeBytes: MEMBER_STORED_MAX_BYTES - 1 })
      .where(eq(files.id, old))
    const refused = await postRequest(member.auth)
    expect(refused.statusCode).toBe(413)
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.memberShareFull)
  })

  it('counts documents and the profile photo in the same share, and frees what is removed', async () => {
    const filler = await planted({ ownerUserId: member.id, sizeBytes: MEMBER_UPLOAD_BYTES_PER_DAY - 1 })
    const photo = new FormData()
    photo.append('profilePhoto', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'me.png')
    const refusedPhoto = await testApp.app.inject({ method: 'PUT', url: '/api/user/profile', headers: member.auth, payload: photo })
    expect(refusedPhoto.statusCode).toBe(413)
    const document = new FormData()
    document.append('businessLicense', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'licence.png')
    const refusedDocument = await testApp.app.inject({
      method: 'PUT',
      url: '/api/user/credentials',
      headers: member.auth,
      payload: document,
    })
    expect(refusedDocument.statusCode).toBe(413)
    expect(refusedDocument.json().message).toBe(UPLOAD_MESSAGES.memberDailyShareFull)

    await db().delete(files).where(eq(files.id, filler))
    expect((await postRequest(member.auth)).statusCode).toBe(201)
  })

  it("is the member's own: another member at the limit does not stop this one", async () => {
    const other = await createMember(testApp)
    await planted({ ownerUserId: other.id, sizeBytes: MEMBER_UPLOAD_BYTES_PER_DAY })
    expect((await postRequest(member.auth)).statusCode).toBe(201)
  })
})

describe("guests' storage shares", () => {
  it("refuses a guest's photos past its address's share, and takes another address's", async () => {
    await planted({ guestId: randomUUID(), uploaderAddress: '203.0.113.50', sizeBytes: GUEST_UPLOAD_BYTES_PER_ADDRESS_PER_DAY - 1 })
    const before = await requestCount()
    const refused = await postRequest({}, '203.0.113.50')
    expect(refused.statusCode).toBe(413)
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.guestShareFull)
    expect(await requestCount()).toBe(before)
    expect((await postRequest({}, '203.0.113.51')).statusCode).toBe(201)
  })

  it("refuses every guest past all guests' share of the day, and never a member", async () => {
    // Two rows: a file row holds at most 2 GiB - 1 bytes.
    const fillers = [
      await planted({ guestId: randomUUID(), uploaderAddress: '203.0.113.60', sizeBytes: GUEST_UPLOAD_BYTES_PER_DAY / 2 }),
      await planted({ guestId: randomUUID(), uploaderAddress: '203.0.113.62', sizeBytes: GUEST_UPLOAD_BYTES_PER_DAY / 2 }),
    ]
    const refused = await postRequest({}, '203.0.113.61')
    expect(refused.statusCode).toBe(413)
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.guestsShareFull)
    const member = await createMember(testApp)
    expect((await postRequest(member.auth, '203.0.113.61')).statusCode).toBe(201)
    await db().delete(files).where(inArray(files.id, fillers))
    expect((await postRequest({}, '203.0.113.61')).statusCode).toBe(201)
  })
})
