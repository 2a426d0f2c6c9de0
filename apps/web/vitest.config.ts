import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Every test process runs on Node 24 (scripts/node-24.mjs).
    globalSetup: ['../../scripts/test-node.global-setup.mjs'],
    setupFiles: ['../../scripts/test-node.setup.mjs', 'src/test/setup.ts'],
    // The test files share their worker process, one after another, instead of each starting its own and loading
    // its packages again (decision 024, Measured); setup.ts still cleans the page up after every test.
    isolate: false,
    // Two of them on a 2-core machine (vitest's default is cores minus one): the project took 18-19 s instead of 28-29.
    // A project with its own worker count runs in a group of its own: after the contracts project.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    // A form test types every character as a full sequence of events; on two cores shared with other suites the
    // longest forms (sign-up, joining a team) took over the default 5 s, so a slow machine, not a fault, failed them.
    testTimeout: 15_000,
  },
})
