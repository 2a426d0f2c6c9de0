import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { buildApp } from '../../entry/app.ts'
import type { FileStorage } from '../../ports.ts'
import { type S3Server, startS3Server } from '../../test/s3-server.ts'
import { createTestDatabase } from '../../test/test-database.ts'
import { createS3Storage, type S3Storage } from './s3-storage.ts'
import { createDiskStorage } from './storage.ts'

/**
 * The storage port's contract, run on both adapters: the disk of one process (the default) and an S3-compatible
 * bucket (fauxqs, a real S3 HTTP server, started here on 127.0.0.1).
 */
interface Adapter {
  storage: FileStorage
  /** Writes an object or file that put() did not write, as another tool sharing the folder or bucket would. */
  writeForeign(key: string): Promise<void>
  close(): Promise<void>
}

const folders: string[] = []
let s3Server: S3Server

beforeAll(async () => {
  s3Server = await startS3Server()
})

afterAll(async () => {
  await s3Server.stop()
  for (const folder of folders) await rm(folder, { recursive: true, force: true })
})

async function disk(): Promise<Adapter> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'keydesk-storage-'))
  folders.push(root)
  return {
    storage: createDiskStorage(root),
    writeForeign: async (key) => writeFile(path.join(root, key), 'not an upload'),
    close: async () => undefined,
  }
}

/** A bucket of its own per adapter, through the same configuration parsing as the server. */
async function s3(): Promise<Adapter> {
  const server = await startS3Server()
  const options = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), ...server.env }).s3
  if (!options) throw new Error('S3_BUCKET did not select the S3 adapter')
  const storage = createS3Storage(options)
  const raw = new S3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'other', secretAccessKey: 'tool' },
  })
  return {
    storage,
    writeForeign: async (key) => {
      await raw.send(new PutObjectCommand({ Bucket: server.bucket, Key: key, Body: 'not an upload' }))
    },
    close: async () => {
      storage.close()
      raw.destroy()
      await server.stop()
    },
  }
}

async function listAll(target: FileStorage) {
  const objects = []
  for await (const object of target.list()) objects.push(object)
  return objects
}

describe.each([
  ['disk', disk],
  ['S3', s3],
])('%s storage', (_name, open) => {
  let adapter: Adapter
  let storage: FileStorage

  beforeAll(async () => {
    adapter = await open()
    storage = adapter.storage
  })

  afterAll(async () => {
    await adapter.close()
  })

  it('stores bytes under a generated key and reads them back unchanged', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10, 0x0a])
    const key = await storage.put(bytes, 'PNG')
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.png$/)
    expect(await storage.get(key)).toEqual(bytes)
    expect(await storage.exists(key)).toBe(true)
  })

  it('streams a stored file as it is read, and refuses a key it does not hold before any byte', async () => {
    const bytes = randomBytes(200_000)
    const key = await storage.put(bytes, 'pdf')
    const chunks: Buffer[] = []
    for await (const chunk of await storage.stream(key)) chunks.push(Buffer.from(chunk))
    expect(Buffer.concat(chunks)).toEqual(bytes)
    await storage.remove(key)
    await expect(storage.stream(key)).rejects.toThrow()
  })

  it('gives each put its own key', async () => {
    const keys = await Promise.all([1, 2, 3].map((n) => storage.put(Buffer.from(`copy ${n}`), 'jpg')))
    expect(new Set(keys).size).toBe(3)
    expect((await Promise.all(keys.map((key) => storage.get(key)))).map(String)).toEqual(['copy 1', 'copy 2', 'copy 3'])
  })

  it('removes a file, and removing it again is not an error', async () => {
    const key = await storage.put(Buffer.from('x'), 'jpg')
    await storage.remove(key)
    expect(await storage.exists(key)).toBe(false)
    await expect(storage.get(key)).rejects.toThrow()
    await expect(storage.remove(key)).resolves.toBeUndefined()
  })

  it('refuses a key that could escape its folder or name an object it did not write', async () => {
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('invalid storage key')
    await expect(storage.exists('../secret.png')).rejects.toThrow('invalid storage key')
    await expect(storage.remove('backups/db.dump')).rejects.toThrow('invalid storage key')
  })

  it('lists every stored key with the time it was written, and skips what it did not write', async () => {
    for (const { key } of await listAll(storage)) await storage.remove(key)
    expect(await listAll(storage)).toEqual([])
    const before = Date.now()
    const key = await storage.put(Buffer.from('photo'), 'png')
    await adapter.writeForeign(`${key.slice(0, 2)}/notes.txt`)
    const objects = await listAll(storage)
    expect(objects.map((object) => object.key)).toEqual([key])
    expect(objects[0]?.storedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(objects[0]?.storedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('lists more keys than one page of the store holds (S3 answers at most 1000 per page)', async () => {
    for (const { key } of await listAll(storage)) await storage.remove(key)
    const written = new Set<string>()
    for (let start = 0; start < 1005; start += 100) {
      const keys = await Promise.all(Array.from({ length: Math.min(100, 1005 - start) }, () => storage.put(Buffer.from('p'), 'png')))
      for (const key of keys) written.add(key)
    }
    const listed = (await listAll(storage)).map((object) => object.key)
    expect(listed).toHaveLength(1005)
    expect(new Set(listed)).toEqual(written)
  }, 60_000)
})

describe('S3 storage at start-up', () => {
  it('names the bucket and the settings to check when the bucket cannot be reached', async () => {
    const options = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: os.tmpdir(),
      ...s3Server.env,
      S3_BUCKET: 'no-such-bucket',
    }).s3 as NonNullable<ReturnType<typeof loadConfig>['s3']>
    const missing: S3Storage = createS3Storage(options)
    try {
      await expect(missing.check()).rejects.toThrow(/S3 bucket no-such-bucket cannot be used at http:\/\/127\.0\.0\.1:\d+ \(HTTP 404\)/)
    } finally {
      missing.close()
    }
  })

  it('keeps the app from starting when S3_BUCKET names a bucket the store does not have', async () => {
    const database = await createTestDatabase()
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'keydesk-storage-app-')),
      ...s3Server.env,
      S3_BUCKET: 'missing-bucket',
    })
    folders.push(config.dataDir)
    const app = await buildApp({ config, database: database.handle })
    try {
      await expect(app.ready()).rejects.toThrow(/S3 bucket missing-bucket cannot be used .*Check S3_BUCKET, S3_ENDPOINT, S3_REGION/)
    } finally {
      await app.close().catch(() => undefined)
      await database.destroy()
    }
  })

  it('passes the check on a bucket that exists', async () => {
    const options = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), ...s3Server.env }).s3
    if (!options) throw new Error('S3_BUCKET did not select the S3 adapter')
    const bucket = createS3Storage(options)
    try {
      await expect(bucket.check()).resolves.toBeUndefined()
    } finally {
      bucket.close()
    }
  })
})
