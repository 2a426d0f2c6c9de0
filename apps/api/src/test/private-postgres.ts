import { execFile } from 'node:child_process'
import { chown, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { findFreePort } from './server-process.ts'

const run = promisify(execFile)

export interface PrivatePostgres {
  url: string
  /** Starts the server and waits until it accepts connections. */
  start(): Promise<void>
  /** `pg_ctl stop -m immediate`: the server goes away as in a crash, with no goodbye to its clients. */
  stopImmediately(): Promise<void>
  /** Stops the server if it runs and deletes the cluster. */
  destroy(): Promise<void>
}

async function findBinDir(): Promise<string> {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR
  const root = '/usr/lib/postgresql'
  const versions = await readdir(root).catch(() => [] as string[])
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0]
  if (!newest) throw new Error(`no PostgreSQL binaries in ${root}; set PG_BIN_DIR`)
  return path.join(root, newest, 'bin')
}

/**
 * A throwaway PostgreSQL cluster of one test file, on its own port and socket folder, so stopping it affects
 * nothing else (the shared server on 5432 keeps serving other suites). initdb and postgres refuse to run as root,
 * so as root they run as the postgres user.
 */
export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = await findBinDir()
  const isRoot = process.getuid?.() === 0
  const root = await mkdtemp(path.join(os.tmpdir(), 'keydesk-private-pg-'))
  const dataDir = path.join(root, 'data')
  await mkdir(dataDir)
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: group } = await run('id', ['-g', 'postgres'])
    await chown(root, Number(stdout), Number(group))
    await chown(dataDir, Number(stdout), Number(group))
  }
  const asOwner = (program: string, args: string[]) =>
    isRoot ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, program), ...args]) : run(path.join(binDir, program), args)

  try {
    await asOwner('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'])
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw error
  }
  const port = await findFreePort()
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`
  const logFile = path.join(root, 'server.log')
  let isRunning = false

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await asOwner('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start'])
      isRunning = true
    },
    async stopImmediately() {
      await asOwner('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
      isRunning = false
    },
    async destroy() {
      if (isRunning) await asOwner('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
      isRunning = false
      await rm(root, { recursive: true, force: true })
    },
  }
}
