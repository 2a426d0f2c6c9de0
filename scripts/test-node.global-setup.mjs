// Vitest globalSetup of every test configuration (unit projects, e2e, bench, slow): the runner itself and the `node`
// that a test would start by name from PATH are Node 24, or the run stops before its first test. Each test process
// checks itself in scripts/test-node.setup.mjs. With KEYDESK_NODE_REPORT set, both write what they saw there, one
// line each, for .ci/run's check (scripts/check-test-node.mjs).
import { execFileSync } from 'node:child_process'
import { appendFileSync } from 'node:fs'
import { otherNodeMessage } from './node-24.mjs'

/** Appends one line (suite, role, pid, version, Node binary, detail) to the report named by KEYDESK_NODE_REPORT. */
export function reportNode(suite, role, pid, version, execPath, detail = '') {
  const file = process.env.KEYDESK_NODE_REPORT
  if (file) appendFileSync(file, `${[suite, role, pid, version, execPath, detail].join('\t')}\n`)
}

/** @param {import('vitest/node').TestProject} project */
export default function setup(project) {
  const suite = project.name || 'unnamed'
  project.provide('keydeskNodeSuite', suite)
  reportNode(suite, 'runner', process.pid, process.version, process.execPath)
  const [version = '', execPath = ''] = execFileSync('node', ['-p', 'process.version + "\\n" + process.execPath'], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
  reportNode(suite, 'node on PATH', '', version, execPath)
  const problems = [otherNodeMessage(`vitest (${suite})`), otherNodeMessage('The `node` on PATH', version, execPath)]
  const found = problems.filter((problem) => problem !== undefined)
  if (found.length > 0) throw new Error(found.join('\n'))
}
