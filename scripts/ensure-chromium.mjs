// The browser tests drive Debian's Chromium (playwright-core never downloads a browser here): the browser journeys its
// headless shell, the benchmark's Lighthouse the whole browser. Installs whichever is missing when we can (root with
// apt-get); otherwise the journeys fall back to the whole browser, and with neither it fails with one clear line.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const PACKAGES = [
  { name: 'chromium', binary: '/usr/bin/chromium' },
  // Chromium without its window system, as Playwright drives headless by default: the journeys took a third less CPU.
  { name: 'chromium-headless-shell', binary: '/usr/bin/chromium-headless-shell' },
]

if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) process.exit(0)
const missing = PACKAGES.filter((item) => !existsSync(item.binary))
if (missing.length === 0) process.exit(0)

const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasABrowser = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((path) => existsSync(path))
if (!hasAptGet || !isRoot) {
  if (hasABrowser) process.exit(0)
  console.error('Chromium not found: install it with `sudo apt-get install -y chromium` or set CHROMIUM_PATH to a Chromium binary.')
  process.exit(1)
}
const names = missing.map((item) => item.name)
console.log(`Installing Debian's ${names.join(' and ')}…`)
const install = () =>
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...names], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
try {
  install()
} catch {
  execFileSync('apt-get', ['update'], { stdio: 'inherit' })
  install()
}
const stillMissing = missing.filter((item) => !existsSync(item.binary))
if (stillMissing.length > 0) {
  console.error(
    `Chromium install failed (${stillMissing.map((item) => item.name).join(', ')}): install it with \`sudo apt-get install -y ${names.join(' ')}\` or set CHROMIUM_PATH.`,
  )
  process.exit(1)
}
