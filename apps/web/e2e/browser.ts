import { existsSync } from 'node:fs'
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core'
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium that global-setup.ts started once for the whole suite; empty when there is none. */
    browserWsEndpoint: string
  }
}

function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((path): path is string =>
    Boolean(path),
  )
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) throw new Error('Chromium not found: install it with `sudo apt-get install -y chromium` or set CHROMIUM_PATH.')
  return found
}

/** Headless Debian Chromium with the flags this closed network needs (no background connections). */
const launchOptions = (): LaunchOptions => ({
  executablePath: chromiumPath(),
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})

/** The suite's one Chromium (global-setup.ts): starting it once instead of once per test file saves a launch per file. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions())
}

/**
 * A browser for one test file: a connection to the suite's Chromium when global-setup.ts started one (each page still
 * gets a context of its own, and `close()` closes this file's contexts and disconnects), else a Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserWsEndpoint')
  if (endpoint) return chromium.connect(endpoint)
  return chromium.launch(launchOptions())
}
