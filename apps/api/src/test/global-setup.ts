import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
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
    /** Where each test app writes its secret-scan figures (secret-scan.ts). */
    secretScanDir: string
  }
}

/**
 * Migrating a database costs seconds, so it is done once: each test file then clones the migrated
 * template (PGlite: load the dumped data directory; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const scanDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-secret-scan-'))
  project.provide('secretScanDir', scanDir)
  const removeTemplate = await provideTemplate(project)
  return async () => {
    await removeTemplate()
    await reportSecretScan(scanDir)
  }
}

async function provideTemplate(project: TestProject): Promise<() => Promise<void>> {
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

/** Each test file fails on its own leaks; this prints the suite's total, the figure docs/reliability.md quotes. */
async function reportSecretScan(scanDir: string) {
  const lines = await readFile(path.join(scanDir, 'scan.jsonl'), 'utf8').catch(() => '')
  const total = { testApps: 0, logLines: 0, answers: 0, secrets: 0, leaks: 0 }
  for (const line of lines.split('\n').filter(Boolean)) {
    const figures = JSON.parse(line) as Omit<typeof total, 'testApps'>
    total.testApps++
    total.logLines += figures.logLines
    total.answers += figures.answers
    total.secrets += figures.secrets
    total.leaks += figures.leaks
  }
  console.log(
    `secret scan: ${total.testApps} test apps, ${total.logLines} log lines and ${total.answers} answers searched for ${total.secrets} secrets; leaks ${total.leaks}`,
  )
  await rm(scanDir, { recursive: true, force: true })
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
