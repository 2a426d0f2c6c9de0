import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { removeLeftBundles } from './server-bundle.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the migrated template is made, once, by the first test file that opens a database (template-database.ts). */
    templateDir: string
    /** With TEST_DATABASE_URL: the name of the migrated database every test file clones. */
    postgresTemplateName: string
    /** Where each test app writes its secret-scan figures (secret-scan.ts). */
    secretScanDir: string
  }
}

/**
 * Names the template database every test file clones (decision 002) and leaves its making to the first file that
 * opens a database: a run of files that open none, as the import-direction test, then costs no migration.
 */
export default async function setup(project: TestProject) {
  const scanDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-secret-scan-'))
  project.provide('secretScanDir', scanDir)
  const templateDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-template-'))
  project.provide('templateDir', templateDir)
  const serverUrl = process.env.TEST_DATABASE_URL
  const templateName = serverUrl ? `keydesk_template_${randomBytes(4).toString('hex')}` : ''
  project.provide('postgresTemplateName', templateName)
  return async () => {
    if (serverUrl) await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${templateName}`))
    await rm(templateDir, { recursive: true, force: true })
    removeLeftBundles()
    await reportSecretScan(scanDir)
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
