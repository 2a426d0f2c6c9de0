import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePostgres, NodePgSession } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator'
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { API_ROOT } from '../api-root.ts'
import * as schema from './schema/index.ts'

/** The app's database through Drizzle, typed by the schema (adapters below). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

interface DatabaseHandleBase {
  db: Database
  /** Throws when the database cannot answer. */
  ping(): Promise<void>
  migrate(): Promise<void>
  close(): Promise<void>
}

/**
 * The database port. The driver beneath `db` is exposed for what needs a connection of its own (LISTEN, the job
 * locks): the embedded PGlite is a single connection, a PostgreSQL server is reached through a pool.
 */
export type DatabaseHandle =
  | (DatabaseHandleBase & { kind: 'pglite'; client: PGlite })
  | (DatabaseHandleBase & { kind: 'postgres'; pool: pg.Pool })

export const MIGRATIONS_DIR = path.join(API_ROOT, 'src/db/migrations')

/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Repositories take either, so a service decides what runs inside one transaction. */
export type DbExecutor = Database | Transaction

export type DatabaseSource =
  | { kind: 'postgres'; url: string; onPoolError?: (error: Error) => void; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-instance'; client: PGlite }

export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === 'postgres') return openPostgres(source.url, source.onPoolError, source.poolSize)
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

function openPostgres(url: string, onPoolError?: (error: Error) => void, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 3000 })
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => onPoolError?.(error))
  // The pool listens for errors only on idle clients. A client checked out between two queries of a transaction
  // that loses its server emits 'error' with nobody listening, which would end the process; its next query fails
  // instead (answered 503) and the transaction below destroys it.
  pool.on('connect', (client) => {
    client.on('error', (error) => onPoolError?.(error))
  })
  const db = drizzleNodePostgres(pool, { schema })
  db.transaction = poolTransaction(pool, db._)
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

type NodePgDatabase = ReturnType<typeof drizzleNodePostgres<typeof schema>>

/**
 * Drizzle's own transaction on a pool sends BEGIN before its try/finally: when the pooled connection's server
 * process has just died, BEGIN fails and the connection is never given back, and after as many such losses as the
 * pool has slots every call waits for a connection until it times out, for good (docs/reliability.md, 'The
 * database pool heals'). Here the connection is taken and given back by this function on every path: kept when
 * the transaction ended cleanly (committed, or rolled back after the callback's own error), destroyed when BEGIN,
 * COMMIT or ROLLBACK failed, since its state is then unknown.
 */
function poolTransaction(pool: pg.Pool, relational: NodePgDatabase['_']): NodePgDatabase['transaction'] {
  const dialect = new PgDialect()
  const schemaConfig = relational.schema
    ? { fullSchema: relational.fullSchema, schema: relational.schema, tableNamesMap: relational.tableNamesMap }
    : undefined
  return async (transaction, config) => {
    const client = await pool.connect()
    // On one client (not a pool), Drizzle's session runs BEGIN, the callback, COMMIT or ROLLBACK and lets go of nothing.
    const session = new NodePgSession<typeof schema, NonNullable<NodePgDatabase['_']['schema']>>(client, dialect, schemaConfig)
    let callbackError: unknown
    let broken: Error | undefined
    try {
      return await session.transaction(async (tx) => {
        try {
          return await transaction(tx)
        } catch (error) {
          callbackError = error
          throw error
        }
      }, config)
    } catch (error) {
      if (error !== callbackError) broken = error instanceof Error ? error : new Error(String(error))
      throw error
    } finally {
      client.release(broken)
    }
  }
}
