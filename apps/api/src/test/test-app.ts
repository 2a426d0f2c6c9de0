import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { type Config, loadConfig } from '../config.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

export interface TestApp {
  app: FastifyInstance
  database: TestDatabase
  config: Config
  /** Every log line written so far, as raw text. */
  logs(): string
  close(): Promise<void>
}

/** The real app on a fresh database, with logs captured for assertions. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent', ...env })
  const database = await createTestDatabase()
  let captured = ''
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      captured += chunk.toString()
      done()
    },
  })
  const app = await buildApp({ config, database: database.handle, logStream })
  await app.ready()
  return {
    app,
    database,
    config,
    logs: () => captured,
    close: async () => {
      await app.close()
      await database.destroy()
    },
  }
}
