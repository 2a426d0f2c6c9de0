import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const buildScript = pathToFileURL(path.resolve(apiRoot, '../../scripts/build-api.mjs')).href
let built: Promise<string> | undefined

/**
 * The API bundled as `npm start` runs it, for the server processes tests start: through tsx's loader each start cost
 * about 1.7 s more CPU (4.0-4.9 s against 2.4-3.1 s to a configuration error). Built once per test process from the
 * source as it is now, into a file of that process's own beside dist/server.mjs (the server finds its files from
 * there); removed once that process has ended.
 */
export function serverBundle(): Promise<string> {
  built ??= (async () => {
    removeLeftBundles()
    const outfile = path.join(apiRoot, 'dist', `test-server-${process.pid}.mjs`)
    const { buildApi } = (await import(buildScript)) as { buildApi(outfile: string): Promise<void> }
    await buildApi(outfile)
    return outfile
  })()
  return built
}

/**
 * Bundles of test processes that have ended, and this process's own: vitest stops its workers without their exit
 * handlers, so each run's global teardown calls this, and so does the next build (before it has one of its own).
 */
export function removeLeftBundles() {
  const dist = path.join(apiRoot, 'dist')
  const names = (() => {
    try {
      return readdirSync(dist)
    } catch {
      return []
    }
  })()
  for (const name of names) {
    const pid = Number(/^test-server-(\d+)\.mjs(?:\.map)?$/.exec(name)?.[1])
    if (pid && (pid === process.pid || !isRunning(pid))) rmSync(path.join(dist, name), { force: true })
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
