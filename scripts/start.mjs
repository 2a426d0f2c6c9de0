// `npm start`. In production (NODE_ENV=production) it only runs what `npm run build` made: the build tools are
// devDependencies, which a production install has pruned, and a server that compiles itself at start-up would start
// slower and could serve something other than what was built and checked. Elsewhere it builds the web app when its
// build is missing or older than its sources and bundles the API (a fraction of a second, every time, so the bundle
// is never stale). Either way it then runs the server (run-server.mjs), which stops on the first stop signal this
// script receives; the image runs this script itself, not through npm (decision 042). `--build-only` stops after the
// builds (the benchmark).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { exitUnlessNode24 } from './node-24.mjs'
import { runServer } from './run-server.mjs'
import { SERVER_PROCESS_ENV } from './server-env.mjs'

exitUnlessNode24('scripts/start.mjs (npm start)')

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const builtIndex = path.join(root, 'apps/web/dist/index.html')
// The same path as API_BUNDLE in build-api.mjs, which cannot be imported here in production: it loads esbuild.
const apiBundle = path.join(root, 'apps/api/dist/server.mjs')
const sourceDirs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/contracts/src'].map((dir) => path.join(root, dir))

function newestChange(entry) {
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs)
}

if (process.env.NODE_ENV === 'production') {
  const missing = [builtIndex, apiBundle].filter((file) => !existsSync(file))
  if (missing.length > 0) {
    console.error(
      `Not built: ${missing.map((file) => path.relative(root, file)).join(', ')}. Run \`npm run build\` before \`npm start\` in production.`,
    )
    process.exit(1)
  }
} else {
  const isBuildStale =
    !existsSync(builtIndex) || sourceDirs.some((dir) => existsSync(dir) && newestChange(dir) > statSync(builtIndex).mtimeMs)
  if (isBuildStale) {
    console.log('Building the web app…')
    const build = spawnSync('npm', ['run', 'build', '-w', '@keydesk/web'], { cwd: root, stdio: 'inherit' })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
  const { buildApi } = await import('./build-api.mjs')
  await buildApi()
}
if (process.argv.includes('--build-only')) process.exit(0)

runServer(['--enable-source-maps', apiBundle], {
  cwd: path.join(root, 'apps/api'),
  env: { ...SERVER_PROCESS_ENV, ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
})
