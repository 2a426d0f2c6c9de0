// `npm run dev`: the API with reload on :8080 and the Vite dev server on :5173 proxying /api to it.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { exitUnlessNode24 } from './node-24.mjs'

exitUnlessNode24('scripts/dev.mjs (npm run dev)')

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const env = {
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
}
const children = [
  spawn('npm', ['run', 'dev', '-w', '@keydesk/api'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@keydesk/web'], { cwd: root, stdio: 'inherit', env }),
]
const stopAll = (signal) => {
  for (const child of children) child.kill(signal)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal))
for (const child of children)
  child.on('exit', (code) => {
    stopAll('SIGTERM')
    process.exit(code ?? 0)
  })
