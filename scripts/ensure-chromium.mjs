// The browser tests drive Debian's Chromium (playwright-core never downloads a browser here).
// Installs it when missing and we can (root with apt-get); otherwise fails with one clear line.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)
if (candidates.some((candidate) => existsSync(candidate))) process.exit(0)

const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
if (!hasAptGet || !isRoot) {
  console.error('Chromium not found: install it with `sudo apt-get install -y chromium` or set CHROMIUM_PATH to a Chromium binary.')
  process.exit(1)
}
console.log('Chromium not found; installing Debian package chromium…')
try {
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
} catch {
  execFileSync('apt-get', ['update'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}
if (!existsSync('/usr/bin/chromium')) {
  console.error('Chromium install failed: install it with `sudo apt-get install -y chromium` or set CHROMIUM_PATH.')
  process.exit(1)
}
