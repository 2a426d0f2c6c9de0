import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'contracts',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Every test process runs on Node 24 (scripts/node-24.mjs).
    globalSetup: ['../../scripts/test-node.global-setup.mjs'],
    setupFiles: ['../../scripts/test-node.setup.mjs'],
    // The test files share their worker process, one after another, instead of each starting its own (decision 024).
    isolate: false,
  },
})
