import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { API_ROOT } from '../api-root.ts'
import type { Database, DatabaseHandle } from '../ports.ts'
import * as schema from './schema/index.ts'

export const MIGRATIONS_DIR = path.join(API_ROOT, 'src/db/migrations')

/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Repositories take either, so a service decides what runs inside one transaction. */
export type DbExecutor = Database | Transaction

export type DatabaseSource =
  | { kind: 'postgres'; url: string; onPoolError?: (error: Error) => void }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-instance'; client: PGlite }

export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === 'postgres') return openPostgres(source.url, source.onPoolError)
  const client = source.kind === 'pglite-instance' ? source.client : await openPgliteDir(source.dataDir)
  const db = drizzlePglite(client, { schema }) as unknown as Database
  return {
    db,
    kind: 'pglite',
    client,
    ping: async () => {
      await client.query('select 1')
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  }
}

async function openPgliteDir(dataDir: string): Promise<PGlite> {
  const dir = path.join(dataDir, 'pglite')
  await mkdir(dir, { recursive: true })
  return PGlite.create(dir)
}

function openPostgres(url: string, onPoolError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3000 })
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => onPoolError?.(error))
  // The pool listens for errors only on idle clients. A client checked out between two queries of a transaction
  // that loses its server emits 'error' with nobody listening, which would end the process; its next query fails
  // instead (answered 503) and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => onPoolError?.(error))
  })
  const db = drizzleNodePostgres(pool, { schema })
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    pool,
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    migrate: () => migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  }
}
