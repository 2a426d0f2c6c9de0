// Vitest setupFiles of every test configuration: runs in each test process before its test file, and fails that file
// unless the process is on Node 24 (scripts/node-24.mjs). The servers that tests start run on the same binary
// (process.execPath). With KEYDESK_NODE_REPORT set it writes what it saw there (scripts/check-test-node.mjs reads it).
import { expect, inject } from 'vitest'
import { otherNodeMessage } from './node-24.mjs'
import { reportNode } from './test-node.global-setup.mjs'

const suite = inject('keydeskNodeSuite') ?? 'unnamed'
reportNode(suite, 'test process', process.pid, process.version, process.execPath, expect.getState().testPath ?? '')
const message = otherNodeMessage(`The test process of ${expect.getState().testPath ?? suite}`)
if (message !== undefined) throw new Error(message)
