import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { openDatabase } from '../db/database.ts'
import type { DatabaseHandle } from '../ports.ts'
import { withAdminClient } from './global-setup.ts'
import { pgliteTemplateFile, templateMade } from './template-database.ts'

export interface TestDatabase {
  handle: DatabaseHandle
  kind: 'pglite' | 'postgres'
  /** On PostgreSQL, the address of this database, for a server process started on it (multi-instance tests). */
  url?: string
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>
}

/** A fresh, migrated database for one test file, on PGlite or on TEST_DATABASE_URL's server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  await templateMade()
  const serverUrl = process.env.TEST_DATABASE_URL
  const templateName = inject('postgresTemplateName')
  if (serverUrl && templateName) {
    const name = `keydesk_test_${randomBytes(6).toString('hex')}`
    await withAdminClient(serverUrl, (client) => client.query(`create database ${name} template ${templateName}`))
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
    return {
      handle,
      kind: 'postgres',
      url: url.toString(),
      destroy: async () => {
        await handle.close().catch(() => undefined)
        await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
      },
    }
  }
  const dump = await readFile(pgliteTemplateFile())
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) })
  const handle = await openDatabase({ kind: 'pglite-instance', client })
  return {
    handle,
    kind: 'pglite',
    destroy: async () => {
      if (!client.closed) await client.close()
    },
  }
}
