import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { type Config, loadConfig } from '../config.ts'
import { type AppDependencies, buildApp } from '../entry/app.ts'
import { recordSecretScan, scanForSecrets } from './secret-scan.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

export interface TestApp {
  app: FastifyInstance
  database: TestDatabase
  config: Config
  /** Every log line written so far, as raw text. */
  logs(): string
  close(): Promise<void>
}

/** The real app on a fresh database, with logs captured for assertions; `dependencies` swap a port (clock, payments, mail). */
export async function createTestApp(
  env: Record<string, string> = {},
  dependencies: Pick<AppDependencies, 'clock' | 'paymentProvider' | 'mailTransport' | 'rateLimitNameSpace'> = {},
): Promise<TestApp> {
  // Uploads and the development keycode key go to a folder of this test app only.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-test-data-'))
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir, ...env })
  const database = await createTestDatabase()
  let captured = ''
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      captured += chunk.toString()
      done()
    },
  })
  const app = await buildApp({ config, database: database.handle, logStream, ...dependencies })
  const secretScan = scanForSecrets(app, env)
  await app.ready()
  return {
    app,
    database,
    config,
    logs: () => captured,
    close: async () => {
      await app.close()
      await database.destroy()
      await rm(dataDir, { recursive: true, force: true })
      const { leaks, figures } = secretScan.findLeaks(captured)
      await recordSecretScan(figures)
      if (leaks.length > 0) throw new Error(`secrets leaked:\n${leaks.join('\n')}`)
    },
  }
}
