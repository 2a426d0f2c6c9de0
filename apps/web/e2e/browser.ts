import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((path): path is string =>
    Boolean(path),
  )
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) throw new Error('Chromium not found: install it with `sudo apt-get install -y chromium` or set CHROMIUM_PATH.')
  return found
}

/** Headless Debian Chromium with the flags this closed network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
}
