import { randomUUID } from 'node:crypto'
import { MEMBER_UPLOAD_BYTES_PER_DAY } from '@keydesk/contracts/limits'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../../db/schema/files.ts'
import { AppError } from '../../../errors.ts'
import { createMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { insertFileRow } from './repository.ts'

/**
 * Two uploads of one member in flight together on PostgreSQL (storage-share.ts), as two routes that share no other
 * lock would run them: each fits the last bytes of the share alone, both do not. The first holds its transaction open
 * after counting and writing; the second must wait for it and count its file, so exactly one is stored.
 * PostgreSQL only.
 */
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the storage share under parallel uploads', () => {
  it('stores exactly one of two files that each fit the last bytes alone', async () => {
    const db = testApp.app.database.db
    const member = await createMember(testApp)
    const fileBytes = 1000
    await db.insert(files).values({
      ownerUserId: member.id,
      storageKey: `planted-${randomUUID()}.png`,
      contentType: 'image/png',
      sizeBytes: MEMBER_UPLOAD_BYTES_PER_DAY - fileBytes,
      purpose: 'FRONT_ID',
    })
    const row = () => ({
      ownerUserId: member.id,
      storageKey: `${randomUUID()}.png`,
      contentType: 'image/png',
      sizeBytes: fileBytes,
      purpose: 'FRONT_ID',
    })
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const first = db.transaction(async (tx) => {
      await insertFileRow(tx, row())
      await held
    })
    await sleep(100)
    const second = db.transaction(async (tx) => {
      await insertFileRow(tx, row())
    })
    await sleep(200)
    release()
    const outcomes = await Promise.allSettled([first, second])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected'])
    const refusal = outcomes[1]?.status === 'rejected' ? outcomes[1].reason : null
    expect(refusal).toBeInstanceOf(AppError)
    expect((refusal as AppError).statusCode).toBe(413)
  })
})
