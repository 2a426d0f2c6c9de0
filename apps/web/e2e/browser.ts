import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type Browser, type BrowserServer, chromium, type Download, type LaunchOptions } from 'playwright-core'
import { suiteBrowserEndpoint } from './lanes.ts'

/**
 * CHROMIUM_PATH when set; else, for the journeys, Chromium's headless shell (scripts/ensure-chromium.mjs), which drew a
 * third less CPU than the whole browser for the same journeys; else the whole browser, which a camera's journeys need:
 * only it answers a camera prompt no one can answer with a refusal (the shell says the camera is not supported).
 */
function chromiumPath(build: 'headless shell' | 'whole browser'): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    build === 'headless shell' ? '/usr/bin/chromium-headless-shell' : undefined,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter((path): path is string => Boolean(path))
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) throw new Error('Chromium not found: install it with `sudo apt-get install -y chromium` or set CHROMIUM_PATH.')
  return found
}

/** Headless Debian Chromium with the flags this closed network needs (no background connections). */
const launchOptions = (build: 'headless shell' | 'whole browser' = 'headless shell'): LaunchOptions => ({
  executablePath: chromiumPath(build),
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

/** A lane's one Chromium (global-setup.ts): starting it once instead of once per test file saves a launch per file. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions())
}

/**
 * A browser for one test file: a connection to its lane's Chromium when global-setup.ts started one (each page still
 * gets a context of its own, and `close()` closes this file's contexts and disconnects), else a Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = suiteBrowserEndpoint()
  return (endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions())).then(remember)
}

/** This file's browsers still open, so that a failed journey can say what its pages showed (failure-report.ts). */
const openBrowsers = new Set<Browser>()

function remember(browser: Browser): Browser {
  openBrowsers.add(browser)
  browser.on('disconnected', () => openBrowsers.delete(browser))
  return browser
}

/** Each open page's address and the start of its visible text: what a journey that timed out was looking at. */
export async function describeOpenPages(): Promise<string> {
  const pages = [...openBrowsers].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()))
  const described = await Promise.all(
    pages.map(async (page) => {
      const text = await page
        .evaluate(() => document.body?.innerText ?? '')
        .then((value) => value.replace(/\s+/g, ' ').slice(0, 1500))
        .catch((error: unknown) => `(could not be read: ${String(error)})`)
      return `- ${page.url()}\n  ${text}`
    }),
  )
  return described.join('\n')
}

/**
 * A whole Chromium of the test file's own, with flags the suite's shared one has not: the VIN scanner's journeys give
 * theirs a fake camera playing a video of a barcode, which only a launch flag can choose.
 */
export function launchBrowserWithFlags(flags: string[]): Promise<Browser> {
  const options = launchOptions('whole browser')
  return chromium.launch({ ...options, args: [...(options.args ?? []), ...flags] }).then(remember)
}

/**
 * A download's text. Saved through the connection: with a lane's Chromium the file exists only on the browser's
 * side, so `download.path()` is refused there.
 */
export async function downloadedText(download: Download): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-e2e-download-'))
  try {
    const file = path.join(dir, download.suggestedFilename())
    await download.saveAs(file)
    return await readFile(file, 'utf8')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
