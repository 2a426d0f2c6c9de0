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

/** A migrated database for one test file, holding nothing another file wrote, on PGlite or on TEST_DATABASE_URL's server. */
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
  const client = emptied.pop() ?? (await bootFromTemplate())
  const lent = lend(client)
  const handle = await openDatabase({ kind: 'pglite-instance', client: lent.client })
  return {
    handle,
    kind: 'pglite',
    destroy: async () => {
      lent.takeBack()
      if (client.closed) return
      if (await emptyForReuse(client)) emptied.push(client)
      else await client.close()
    },
  }
}

/**
 * PGlite instances that finished test files gave back, in this worker, emptied to the template's state (decision 002):
 * booting one from the template costs 1.2-1.7 s of CPU, emptying one 40-50 ms.
 */
const emptied: PGlite[] = []
let template: Promise<{ shape: string; tables: string }> | undefined

async function bootFromTemplate(): Promise<PGlite> {
  const client = await PGlite.create({ loadDataDir: new Blob([await readFile(pgliteTemplateFile())]) })
  template ??= describeTemplate(client)
  await template
  return client
}

/** The app's tables, and a digest of every column, index, constraint, trigger (with its state) and function in them. */
const SHAPE = `select md5(string_agg(line, ',' order by line)) as shape from (
  select format('%s.%s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull) as line
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
  union all select format('index %s', i.indexrelid::regclass) from pg_index i join pg_class c on c.oid = i.indrelid
    where c.relnamespace = 'public'::regnamespace
  union all select format('constraint %s %s', conrelid::regclass, conname) from pg_constraint
    where connamespace = 'public'::regnamespace
  union all select format('trigger %s %s %s', tgrelid::regclass, tgname, tgenabled) from pg_trigger where not tgisinternal
  union all select format('function %s', oid::regprocedure) from pg_proc where pronamespace = 'public'::regnamespace
) lines`
const TABLES = `select string_agg(format('%I', relname), ', ') as tables from pg_class
  where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')`

async function describeTemplate(client: PGlite) {
  const [shape, tables] = await Promise.all([client.query<{ shape: string }>(SHAPE), client.query<{ tables: string }>(TABLES)])
  return { shape: shape.rows[0]?.shape ?? '', tables: tables.rows[0]?.tables ?? '' }
}

/**
 * Empties a given-back instance to the template's state: no transaction, session state or lock left, every table empty
 * with its identities restarted and its statistics gone (a plan test must not meet the last file's). An instance whose
 * schema a test changed (a trigger disabled, say) is not reused.
 */
async function emptyForReuse(client: PGlite): Promise<boolean> {
  try {
    const { shape, tables } = await (template ?? Promise.reject(new Error('no template described')))
    // Each alone: DISCARD ALL refuses to run in the implicit transaction of a multi-statement string.
    await client.exec('rollback')
    await client.exec('discard all')
    if ((await client.query<{ shape: string }>(SHAPE)).rows[0]?.shape !== shape) return false
    await client.exec(`truncate ${tables} restart identity cascade;
      delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`)
    return true
  } catch {
    return false
  }
}

/**
 * The instance as one test file sees it: once given back, every call on it fails as on a closed PGlite, so a write a
 * finished file left in flight fails instead of landing in the next file's database; closing it only gives it back.
 */
function lend(client: PGlite): { client: PGlite; takeBack(): void } {
  let isLent = true
  const takeBack = () => {
    isLent = false
  }
  const lent = new Proxy(client, {
    get(target, property) {
      if (property === 'close') return async () => takeBack()
      if (property === 'closed') return !isLent || target.closed
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (!isLent) throw new Error('PGlite is closed: this test file gave its database back')
        return (value as (...args: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { client: lent, takeBack }
}
