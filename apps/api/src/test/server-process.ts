import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { serverBundle } from './server-bundle.ts'

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const runServerScript = pathToFileURL(path.resolve(apiRoot, '../../scripts/run-server.mjs')).href

export interface SpawnOptions {
  /**
   * Through scripts/run-server.mjs, as `npm start` runs it (the source rather than the bundle), in a process group of
   * its own as a terminal's job is: a test signals the group as the terminal's Ctrl-C does, and `child` is that script.
   */
  startScript?: boolean
}

async function argsOf({ startScript = false }: SpawnOptions): Promise<string[]> {
  const serverArgs = ['--enable-source-maps', await serverBundle()]
  if (!startScript) return serverArgs
  const code = `import { runServer } from '${runServerScript}'\nrunServer(${JSON.stringify(serverArgs)}, { cwd: process.cwd(), env: process.env })`
  return ['--input-type=module', '--eval', code]
}

export interface ServerProcess {
  child: ChildProcess
  baseUrl: string
  port: number
  output(): string
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
  stop(): Promise<number | null>
}

/** Runs the real server (src/entry/server.ts, bundled) as its own process, the way `npm start` does. */
export async function spawnServer(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<{ child: ChildProcess; output(): string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, await argsOf(options), {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.startScript === true,
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

export async function findFreePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/**
 * Starts the server on a free port and waits until /api/health answers 200. `publicHost` names the host of the site's
 * public address (PUBLIC_URL): passkeys need a domain such as localhost, where an IP address is refused as RP ID.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  publicHost = '127.0.0.1',
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = await findFreePort()
  const baseUrl = `http://${publicHost}:${port}`
  // The address the browser uses is the site's public address: the cross-site guard accepts only its Origin.
  const { child, output, exited } = await spawnServer({ PORT: String(port), PUBLIC_URL: baseUrl, ...env }, options)
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`)
    // The server listens on 127.0.0.1, whatever host name the browser uses.
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (healthy) {
      return {
        child,
        port,
        baseUrl,
        output,
        exited,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM')
          return exited
        },
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // The start script would die of SIGKILL and leave the server, in a session of its own, running; it passes SIGTERM on.
  child.kill(options.startScript ? 'SIGTERM' : 'SIGKILL')
  throw new Error(`server did not start in ${timeoutMs} ms:\n${output()}`)
}

/** A POST to a running server: JSON unless `raw`, when the body is sent as it is (a signed webhook payload). */
export const postTo = (server: ServerProcess, url: string, headers: Record<string, string>, body: unknown, raw = false) =>
  fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw ? (body as string) : JSON.stringify(body),
  })
