import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { removeLeftBundles } from '../../api/src/test/server-bundle.ts'
import { startServer } from '../../api/src/test/server-process.ts'
import { launchBrowserServer } from './browser.ts'
import { E2E_LANES } from './lanes.ts'

interface Lane {
  baseUrl: string
  browserWsEndpoint: string
  stop: () => Promise<void>
}

/** One real server on a free port with its own data folder, and one Chromium, for a lane of browser tests. */
async function startLane(): Promise<Lane> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-e2e-'))
  const removeData = () => rm(dataDir, { recursive: true, force: true })
  const server = await startServer(
    // KCH_*: one keycode portal with credentials set, so member-keycodes.e2e.ts can copy them.
    // TRUST_PROXY: the suite's API set-up calls (members.ts) stand for many visitors, each from its own address as a
    // proxy on this machine would say, so the per-address sign-up and sign-in limits hold for them as in production.
    {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      KCH_FORD_USER: 'e2e-ford-user',
      KCH_FORD_PASS: 'e2e-ford-pass',
      TRUST_PROXY: '127.0.0.1',
    },
    60_000,
  ).catch(async (error: unknown) => {
    await removeData()
    throw error
  })
  const browser = await launchBrowserServer().catch(async (error: unknown) => {
    await server.stop()
    await removeData()
    throw error
  })
  return {
    baseUrl: server.baseUrl,
    browserWsEndpoint: browser.wsEndpoint(),
    stop: async () => {
      await browser.close()
      await server.stop()
      await removeData()
    },
  }
}

export default async function setup(project: TestProject) {
  // Started side by side; when one lane fails to start, the others are stopped before the failure is reported.
  const started = await Promise.allSettled(Array.from({ length: E2E_LANES }, startLane))
  const lanes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await Promise.all(lanes.map((lane) => lane.stop()))
    throw failed.reason
  }
  project.provide(
    'baseUrls',
    lanes.map((lane) => lane.baseUrl),
  )
  project.provide(
    'browserWsEndpoints',
    lanes.map((lane) => lane.browserWsEndpoint),
  )
  return async () => {
    await Promise.all(lanes.map((lane) => lane.stop()))
    removeLeftBundles()
  }
}
