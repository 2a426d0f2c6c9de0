import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * The file-storage port (ARCHITECTURE.md). Files live under generated keys, never under a name a user
 * chose, outside any public folder; they are served only through authenticated routes.
 */
export interface FileStorage {
  /** Stores the bytes under a new generated key and returns it. */
  put(data: Buffer, extension: string): Promise<string>
  get(key: string): Promise<Buffer>
  exists(key: string): Promise<boolean>
  /** Removing a key that is not there is not an error. */
  remove(key: string): Promise<void>
  /** Every stored key with the time it was written, for the orphan-file sweep. */
  list(): AsyncIterable<StoredObject>
}

export interface StoredObject {
  key: string
  storedAt: Date
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
  }
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/

export function createDiskStorage(root: string): FileStorage {
  const locate = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`)
    return path.join(root, key)
  }
  return {
    async put(data, extension) {
      const id = randomUUID()
      const key = `${id.slice(0, 2)}/${id}.${extension.toLowerCase()}`
      const file = locate(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, data, { flag: 'wx', mode: 0o600 })
      return key
    },
    get: async (key) => readFile(locate(key)),
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
          if (!KEY_PATTERN.test(key)) continue
          // A file removed between readdir and stat is simply no longer there.
          const info = await stat(path.join(root, key)).catch(() => undefined)
          if (info?.isFile()) yield { key, storedAt: info.mtime }
        }
      }
    },
  }
}

async function storage(app: FastifyInstance, options: { storage?: FileStorage }) {
  app.decorate('storage', options.storage ?? createDiskStorage(path.join(app.config.dataDir, 'uploads')))
}

export default fp(storage, { name: 'storage' })
