import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped once and loaded by every test file. */
    pgliteTemplateFile: string
    /** With TEST_DATABASE_URL: a migrated database every test file clones. */
    postgresTemplateName: string
  }
}

/**
 * Migrating a database costs seconds, so it is done once: each test file then clones the migrated
 * template (PGlite: load the dumped data directory; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const templateName = `keydesk_template_${randomBytes(4).toString('hex')}`
    await withAdminClient(serverUrl, (client) => client.query(`create database ${templateName}`))
    const templateUrl = new URL(serverUrl)
    templateUrl.pathname = `/${templateName}`
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString() })
    await database.migrate()
    await database.close()
    project.provide('postgresTemplateName', templateName)
    project.provide('pgliteTemplateFile', '')
    return async () => {
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${templateName}`))
    }
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-template-'))
  const client = await PGlite.create()
  const database = await openDatabase({ kind: 'pglite-instance', client })
  await database.migrate()
  const dump = await client.dumpDataDir('none')
  const templateFile = path.join(dir, 'template.tar')
  await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('pgliteTemplateFile', templateFile)
  project.provide('postgresTemplateName', '')
  return async () => {
    await rm(dir, { recursive: true, force: true })
  }
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
