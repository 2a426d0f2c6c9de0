import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { openDatabase } from '../db/database.ts'
import { withAdminClient } from './global-setup.ts'

/**
 * The migrated database every test file clones (decision 002), made by the first file that opens a database rather
 * than by the global setup, so a run of files that open none (the import-direction test) does not wait the seconds a
 * migration costs. The first worker to take the lock makes it; the others wait for its mark.
 */
let made: Promise<void> | undefined

export function templateMade(): Promise<void> {
  made ??= makeOnce()
  return made
}

const markOf = (name: 'lock' | 'ready' | 'failed') => path.join(inject('templateDir'), name)

async function makeOnce(): Promise<void> {
  if (existsSync(markOf('ready'))) return
  try {
    await writeFile(markOf('lock'), String(process.pid), { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return waitForTemplate()
  }
  try {
    await makeTemplate()
    await writeFile(markOf('ready'), '')
  } catch (error) {
    await writeFile(markOf('failed'), String(error))
    throw error
  }
}

async function waitForTemplate(): Promise<void> {
  while (!existsSync(markOf('ready'))) {
    if (existsSync(markOf('failed'))) throw new Error(`the template database failed: ${await readFile(markOf('failed'), 'utf8')}`)
    await sleep(100)
  }
}

async function makeTemplate(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL
  const templateName = inject('postgresTemplateName')
  if (serverUrl && templateName) {
    await withAdminClient(serverUrl, (client) => client.query(`create database ${templateName}`))
    const templateUrl = new URL(serverUrl)
    templateUrl.pathname = `/${templateName}`
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString() })
    await database.migrate()
    await database.close()
    return
  }
  const client = await PGlite.create()
  const database = await openDatabase({ kind: 'pglite-instance', client })
  await database.migrate()
  const dump = await client.dumpDataDir('none')
  await writeFile(pgliteTemplateFile(), Buffer.from(await dump.arrayBuffer()))
  await database.close()
}

export const pgliteTemplateFile = () => path.join(inject('templateDir'), 'template.tar')
