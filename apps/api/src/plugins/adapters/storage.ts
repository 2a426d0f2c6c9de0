import { createReadStream } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { FileStorage } from '../../ports.ts'
import { createS3Storage } from './s3-storage.ts'
import { checkStorageKey, isStorageKey, newStorageKey } from './storage-keys.ts'

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
  }
}

export function createDiskStorage(root: string): FileStorage {
  const locate = (key: string) => path.join(root, checkStorageKey(key))
  return {
    async put(data, extension) {
      const key = newStorageKey(extension)
      const file = locate(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, data, { flag: 'wx', mode: 0o600 })
      return key
    },
    get: async (key) => readFile(locate(key)),
    async stream(key) {
      // A missing file is refused here, before any byte is promised to the reader.
      const file = locate(key)
      await stat(file)
      return createReadStream(file)
    },
    exists: async (key) =>
      stat(locate(key)).then(
        () => true,
        () => false,
      ),
    remove: async (key) => rm(locate(key), { force: true }),
    async *list() {
      const folders = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[]
        throw error
      })
      for (const folder of folders) {
        const names = await readdir(path.join(root, folder)).catch(() => [] as string[])
        for (const name of names) {
          const key = `${folder}/${name}`
          // Anything else in the folder was not written by put() and is not ours to judge.
          if (!isStorageKey(key)) continue
          // A file removed between readdir and stat is simply no longer there.
          const info = await stat(path.join(root, key)).catch(() => undefined)
          if (info?.isFile()) yield { key, storedAt: info.mtime }
        }
      }
    },
  }
}

/** S3_BUCKET chooses the bucket (s3-storage.ts), checked once before the app serves; DATA_DIR/uploads otherwise. */
async function storage(app: FastifyInstance, options: { storage?: FileStorage }) {
  if (options.storage) {
    app.decorate('storage', options.storage)
    return
  }
  const s3 = app.config.s3
  if (!s3) {
    app.decorate('storage', createDiskStorage(path.join(app.config.dataDir, 'uploads')))
    return
  }
  const bucket = createS3Storage(s3)
  app.decorate('storage', bucket)
  // A wrong bucket, endpoint or key would otherwise show only at the first upload, as a 500.
  app.addHook('onReady', async () => {
    await bucket.check()
    app.log.info({ bucket: s3.bucket, endpoint: s3.endpoint ?? 'AWS' }, 'uploaded files are stored in S3 bucket %s', s3.bucket)
  })
  app.addHook('onClose', async () => bucket.close())
}

export default fp(storage, { name: 'storage' })
