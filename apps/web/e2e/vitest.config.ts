import { defineConfig } from 'vitest/config'
import { E2E_LANES } from './lanes.ts'

/** Browser journeys against the production build served by the real API (`npm run test:e2e`). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    // Every test process runs on Node 24 (scripts/node-24.mjs).
    globalSetup: ['../../../scripts/test-node.global-setup.mjs', './global-setup.ts'],
    setupFiles: ['../../../scripts/test-node.setup.mjs', './failure-report.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One worker per lane (lanes.ts): each runs one test file at a time against its own server and Chromium.
    maxWorkers: E2E_LANES,
  },
})
