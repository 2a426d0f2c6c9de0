import { mkdtemp, rm } from 'node:fs/promises'
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

  it('refuses a key that could escape its folder', async () => {
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('invalid storage key')
  })
})
