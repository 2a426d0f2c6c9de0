import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pngImage } from '../test/images.ts'
import { createTestApp, type TestApp } from '../test/test-app.ts'
import { cleanImage } from './image-upload.ts'
import { storeImagesWithRows } from './stored-images.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

async function storeAndFail(error: Error) {
  const image = await cleanImage('frontId', {
    fieldname: 'frontId',
    filename: 'front.png',
    declaredType: 'image/png',
    data: await pngImage(),
  })
  let keys: string[] = []
  await expect(
    storeImagesWithRows(testApp.app.storage, testApp.app.database.db, [{ purpose: 'FRONT_ID', image }], async (_tx, stored) => {
      keys = stored.map((item) => item.key)
      throw error
    }),
  ).rejects.toBe(error)
  return Promise.all(keys.map((key) => testApp.app.storage.exists(key)))
}

describe('storeImagesWithRows', () => {
  it('removes the files it wrote when the rows are refused', async () => {
    expect(await storeAndFail(new Error('duplicate key value violates unique constraint'))).toEqual([false])
  })

  it('keeps the files when the database went away, as the commit may have landed; the orphan-file sweep judges later', async () => {
    // The error node-postgres raises when the server drops the connection mid-call.
    expect(await storeAndFail(new Error('Connection terminated unexpectedly'))).toEqual([true])
  })
})
