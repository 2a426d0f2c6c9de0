import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../db/schema/files.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { testClock } from '../../test/test-clock.ts'
import { ORPHAN_FILE_GRACE_MS, sweepOrphanFiles } from './orphan-sweep.ts'

let testApp: TestApp
const clock = testClock()

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})

afterAll(async () => {
  await testApp.close()
})

/** Moves the app's clock to when a file written just now is `age` old. */
const whenStoredFilesAre = (age: number) => clock.advance(Date.now() + age - clock.now().getTime())
const storeFile = () => testApp.app.storage.put(Buffer.from('photo'), 'png')
const insertRow = (storageKey: string) =>
  testApp.app.database.db.insert(files).values({ storageKey, contentType: 'image/png', sizeBytes: 5, purpose: 'FRONT_ID' })

describe('orphan-file sweep', () => {
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
})
