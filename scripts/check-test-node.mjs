// .ci/run: `node scripts/check-test-node.mjs REPORT SUITE…` reads the report that every test process of a run wrote
// (KEYDESK_NODE_REPORT: scripts/test-node.setup.mjs and test-node.global-setup.mjs), prints one row per suite with the
// Node versions its processes reported, and fails unless every line says Node 24 and every SUITE named reported
// test processes (a configuration that lost its setup file would report none).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { NODE_MAJOR } from './node-24.mjs'

const [reportFile, ...expectedSuites] = process.argv.slice(2)
if (!reportFile) {
  console.error('usage: node scripts/check-test-node.mjs REPORT [SUITE…]')
  process.exit(2)
}
const root = path.resolve(import.meta.dirname, '..')
const lines = existsSync(reportFile) ? readFileSync(reportFile, 'utf8').split('\n').filter(Boolean) : []
const suites = new Map()
const failures = []
for (const line of lines) {
  const [suite = '', role = '', pid = '', version = '', execPath = '', detail = ''] = line.split('\t')
  const entry = suites.get(suite) ?? { processes: 0, versions: new Set() }
  suites.set(suite, entry)
  if (role === 'test process') entry.processes += 1
  entry.versions.add(`${version} ${path.relative(root, execPath) || execPath}`)
  if (!version.startsWith(`v${NODE_MAJOR}.`)) failures.push(`${suite}: ${role} ${pid} ${detail} ran on Node ${version} (${execPath})`)
}
for (const suite of expectedSuites) {
  if (!suites.get(suite)?.processes) failures.push(`${suite}: no test file's process reported its Node version`)
}

const rows = [...suites].map(([suite, { processes, versions }]) => [suite, String(processes), [...versions].join(', ')])
const widths = [0, 1].map((column) => Math.max(...[['suite', 'test files'], ...rows].map((row) => row[column].length)))
const print = (row) => console.log(`${row[0].padEnd(widths[0])}  ${row[1].padStart(widths[1])}  ${row[2]}`)
print(['suite', 'test files', 'Node (the runner, the node on its PATH, the process of each test file)'])
for (const row of rows) print(row)
if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL: ${failure}`)
  process.exit(1)
}
console.log(`ok: all ${lines.length} reports say Node ${NODE_MAJOR}`)
