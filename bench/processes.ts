import { type ChildProcess, spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_PROCESS_ENV } from '../scripts/server-env.mjs'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export interface RunningServer {
  child: ChildProcess
  baseUrl: string
  /** Milliseconds from spawn to the first 200 on /api/health. */
  startMs: number
  stop(): Promise<void>
}

/**
 * Starts Keydesk as `npm start` runs it (the bundle scripts/start.mjs builds) and times it to the first 200. It logs at
 * production's level (info, a line per answer) to a discarded stdout, so each figure includes writing its log.
 */
export async function startKeydesk(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
    cwd: path.join(repoRoot, 'apps/api'),
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...SERVER_PROCESS_ENV, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  for (;;) {
    if (child.exitCode !== null) throw new Error('Keydesk exited during start-up')
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (answer) => answer.status === 200,
      () => false,
    )
    if (healthy) break
    if (performance.now() - started > 60_000) throw new Error('Keydesk did not start in 60 s')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return {
    child,
    baseUrl,
    startMs: performance.now() - started,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

export async function startBareServer(
  bodyFile: string,
  contentType: string,
): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/bare-server.ts'), bodyFile, contentType], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString())
      if (match?.[1]) resolve(Number(match[1]))
    })
    child.once('exit', () => reject(new Error('bare server exited')))
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/**
 * Starts the honest peer (bench/peer-server.ts) on the database the bench seeded: `database` gives PEER_DATABASE_URL
 * or PEER_PGLITE_DIR. Its log goes to a discarded stdout, as Keydesk's does; it is ready at its first 200 on pricing.
 */
export async function startPeerServer(
  database: { PEER_DATABASE_URL: string } | { PEER_PGLITE_DIR: string },
  pricingFile: string,
  keycodeKey: Buffer,
): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/peer-server.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      ...database,
      PEER_PORT: String(port),
      PEER_PRICING_FILE: pricingFile,
      PEER_KEYCODE_KEY: keycodeKey.toString('base64'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const started = performance.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error('the peer server exited during start-up')
    const ready = await fetch(`${url}/api/pricing`).then(
      (answer) => answer.status === 200,
      () => false,
    )
    if (ready) break
    if (performance.now() - started > 60_000) throw new Error('the peer server did not start in 60 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** A process's resident memory now, in MB (Linux). */
export async function rssMb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

/** Samples a process's resident memory every 20 ms until stopped; resolves to the highest sample. */
export function sampleRss(pid: number): { stop(): Promise<number> } {
  let peak = 0
  let running = true
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid))
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return peak
    },
  }
}
