import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
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
  }
}

async function storage(app: FastifyInstance, options: { storage?: FileStorage }) {
  app.decorate('storage', options.storage ?? createDiskStorage(path.join(app.config.dataDir, 'uploads')))
}

export default fp(storage, { name: 'storage' })
