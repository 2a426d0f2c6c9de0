import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { removeLeftBundles } from '../../api/src/test/server-bundle.ts'
import { startServer } from '../../api/src/test/server-process.ts'
import { launchBrowserServer } from './browser.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

/** One real server on a free port with its own data folder, and one Chromium, for every browser test. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-e2e-'))
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
  )
  project.provide('baseUrl', server.baseUrl)
  const browser = await launchBrowserServer()
  project.provide('browserWsEndpoint', browser.wsEndpoint())
  return async () => {
    await browser.close()
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
    removeLeftBundles()
  }
}
