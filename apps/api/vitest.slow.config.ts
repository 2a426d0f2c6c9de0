import { defineConfig } from 'vitest/config'

/**
 * Fault tests that run the real server against a PostgreSQL cluster of their own and break it on purpose
 * (`npm run test:slow`, run by .ci/run). Too slow for `npm test`, and they need the PostgreSQL binaries.
 */
export default defineConfig({
  test: {
    name: 'api-slow',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.slow.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // Every test process runs on Node 24 (scripts/node-24.mjs).
    // The test-database template too: the data archive's memory test (member-archive) builds an app on one.
    globalSetup: ['../../scripts/test-node.global-setup.mjs', 'src/test/global-setup.ts'],
    setupFiles: ['../../scripts/test-node.setup.mjs'],
  },
})
