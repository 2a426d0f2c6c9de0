import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ACCOUNT_DATA_KEEP_DAYS } from '@keydesk/contracts/policy-statements'
import { DAY_MS } from '@keydesk/contracts/time'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../../db/schema/files.ts'
import { runAccountPurge } from '../../../entry/account-purge-job.ts'
import { registerAndSignIn } from '../../../test/accounts.ts'
import { type S3Server, startS3Server } from '../../../test/s3-server.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { ORPHAN_FILE_GRACE_MS, sweepOrphanFiles } from './orphan-sweep.ts'

let s3Server: S3Server

beforeAll(async () => {
  s3Server = await startS3Server()
})

afterAll(async () => {
  await s3Server.stop()
})

/** The same cleanup on the default disk storage and on an S3-compatible bucket (fauxqs on 127.0.0.1). */
describe.each([
  ['disk', () => ({})],
  ['S3', () => s3Server.env],
])('file cleanup on %s storage', (storageName, env) => {
  let testApp: TestApp
  const clock = testClock()

  beforeAll(async () => {
    testApp = await createTestApp(env(), { clock })
  })

  afterAll(async () => {
    await testApp.close()
  })

  /** Moves the app's clock to when a file written just now is `age` old. */
  const whenStoredFilesAre = (age: number) => clock.advance(Date.now() + age - clock.now().getTime())
  const storeFile = () => testApp.app.storage.put(Buffer.from('photo'), 'png')
  const insertRow = (storageKey: string) =>
    testApp.app.database.db.insert(files).values({ storageKey, contentType: 'image/png', sizeBytes: 5, purpose: 'FRONT_ID' })

  it('stores through the configured adapter', async () => {
    const key = await storeFile()
    if (storageName === 'S3') {
      const object = await fetch(`${s3Server.endpoint}/${s3Server.bucket}/${key}`)
      expect(object.status).toBe(200)
      expect(await object.text()).toBe('photo')
    } else {
      expect(await readFile(path.join(testApp.config.dataDir, 'uploads', key), 'utf8')).toBe('photo')
    }
    await testApp.app.storage.remove(key)
  })

  it('keeps a file a row points at, however old', async () => {
    const key = await storeFile()
    await insertRow(key)
    whenStoredFilesAre(ORPHAN_FILE_GRACE_MS * 2)
    await sweepOrphanFiles(testApp.app)
    expect(await testApp.app.storage.exists(key)).toBe(true)
  })

  it('keeps a file without a row within the grace period, as its request may still be committing', async () => {
    const key = await storeFile()
    whenStoredFilesAre(ORPHAN_FILE_GRACE_MS - 60_000)
    await sweepOrphanFiles(testApp.app)
    expect(await testApp.app.storage.exists(key)).toBe(true)
  })

  it('removes a file no row points at once the grace period has passed', async () => {
    const key = await storeFile()
    whenStoredFilesAre(ORPHAN_FILE_GRACE_MS + 60_000)
    const result = await sweepOrphanFiles(testApp.app)
    expect(await testApp.app.storage.exists(key)).toBe(false)
    expect(result.removed).toBeGreaterThanOrEqual(1)
  })

  it("keeps a closed account's documents through its 30 days, and removes them from the store with the purge", async () => {
    const member = await registerAndSignIn(testApp)
    const ownFiles = await testApp.app.database.db.select().from(files).where(eq(files.ownerUserId, member.id))
    expect(ownFiles).toHaveLength(4)
    for (const file of ownFiles) expect(await testApp.app.storage.exists(file.storageKey)).toBe(true)
    const answer = await testApp.app.inject({ method: 'PUT', url: '/api/keycode-user/delete', headers: member.headers })
    expect(answer.statusCode).toBe(200)
    // Closed, not deleted (decision 035): restorable for its days, so the documents stay.
    for (const file of ownFiles) expect(await testApp.app.storage.exists(file.storageKey)).toBe(true)
    clock.advance((ACCOUNT_DATA_KEEP_DAYS + 1) * DAY_MS)
    await runAccountPurge(testApp.app)
    for (const file of ownFiles) expect(await testApp.app.storage.exists(file.storageKey)).toBe(false)
  })
})
