import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'bench',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 240_000,
    // Every test process runs on Node 24 (scripts/node-24.mjs).
    globalSetup: ['../scripts/test-node.global-setup.mjs'],
    setupFiles: ['../scripts/test-node.setup.mjs'],
  },
})
