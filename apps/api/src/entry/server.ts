import closeWithGrace from 'close-with-grace'
import { type Config, ConfigError, loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { flushStandardOutput } from '../logger.ts'
import { buildApp } from './app.ts'

function readConfig(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Keydesk cannot start. ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}

const config = readConfig()
const database = await openDatabase(
  config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        onPoolError: (error) => console.error('database connection lost:', error.message),
      }
    : { kind: 'pglite', dataDir: config.dataDir },
)
await database.migrate()
const app = await buildApp({ config, database })

// An uncaught error drains as a signal does, then exits 1. A second signal exits at once, without the drain, so
// `npm start` hands the server exactly one (scripts/run-server.mjs, decision 042).
closeWithGrace(
  {
    delay: config.shutdownTimeoutMs,
    logger: app.log,
    onTimeout: () => app.log.error('in-flight requests did not finish in time; exiting'),
  },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'uncaught error; shutting down')
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    await app.close()
    await database.close()
  },
)

await app.listen({ host: config.host, port: config.port })
flushStandardOutput()
