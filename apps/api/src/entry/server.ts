import { type Config, ConfigError, loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
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

let isShuttingDown = false
async function shutDown(signal: string) {
  if (isShuttingDown) return
  isShuttingDown = true
  app.log.info({ signal }, 'shutting down: finishing in-flight requests')
  const deadline = setTimeout(() => {
    app.log.error('in-flight requests did not finish in time; exiting')
    process.exit(1)
  }, config.shutdownTimeoutMs)
  deadline.unref()
  try {
    await app.close()
    await database.close()
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown')
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutDown('SIGTERM'))
process.on('SIGINT', () => void shutDown('SIGINT'))

await app.listen({ host: config.host, port: config.port })
