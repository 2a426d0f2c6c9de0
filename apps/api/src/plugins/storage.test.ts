import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDiskStorage, type FileStorage } from './storage.ts'

let root: string
let storage: FileStorage

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'keydesk-storage-'))
  storage = createDiskStorage(root)
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

async function listAll(target: FileStorage) {
  const objects = []
  for await (const object of target.list()) objects.push(object)
  return objects
}

describe('disk storage', () => {
  it('stores bytes under a generated key and reads them back', async () => {
    const key = await storage.put(Buffer.from('licence'), 'png')
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.png$/)
    expect((await storage.get(key)).toString()).toBe('licence')
  })

  it('removes a file, and removing it again is not an error', async () => {
    const key = await storage.put(Buffer.from('x'), 'jpg')
    await storage.remove(key)
    expect(await storage.exists(key)).toBe(false)
    await expect(storage.remove(key)).resolves.toBeUndefined()
  })

  it('lists every stored key with the time it was written, and skips files it did not write', async () => {
    const listRoot = await mkdtemp(path.join(os.tmpdir(), 'keydesk-storage-list-'))
    try {
      const listed = createDiskStorage(listRoot)
      expect(await listAll(listed)).toEqual([])
      const before = Date.now()
      const key = await listed.put(Buffer.from('photo'), 'png')
      await writeFile(path.join(listRoot, key.slice(0, 2), 'notes.txt'), 'not an upload')
      const objects = await listAll(listed)
      expect(objects.map((object) => object.key)).toEqual([key])
      expect(objects[0]?.storedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
    } finally {
      await rm(listRoot, { recursive: true, force: true })
    }
  })

  it('refuses a key that could escape its folder', async () => {
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('invalid storage key')
  })
})
