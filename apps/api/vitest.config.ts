import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // *.pg.test.ts need a real PostgreSQL server (several processes on one database); they run with TEST_DATABASE_URL.
    // *.slow.test.ts start and break their own PostgreSQL; they run apart, with `npm run test:slow`.
    // *.redis.test.ts need a Redis server (rate limits shared between processes); they run with REDIS_URL.
    exclude: [
      'src/**/*.slow.test.ts',
      // *.pg.redis.test.ts need both (two processes with one PostgreSQL, one Redis and one S3 store).
      ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts', 'src/**/*.pg.redis.test.ts']),
      ...(process.env.REDIS_URL ? [] : ['src/**/*.redis.test.ts']),
    ],
    // Every test process runs on Node 24 (scripts/node-24.mjs).
    globalSetup: ['../../scripts/test-node.global-setup.mjs', 'src/test/global-setup.ts'],
    setupFiles: ['../../scripts/test-node.setup.mjs'],
    // The test files share their worker process, one after another, instead of each starting a process of its own
    // and loading the app's module graph, its packages and PGlite's WebAssembly again: that start-up cost more CPU
    // than the tests themselves (decision 024, Measured). Each file still builds its own app on its own database
    // (createTestApp), and vitest restores every mock after each file.
    isolate: false,
    // Two of them on a 2-core machine (vitest's default is cores minus one): much of a file's time is spent waiting
    // on PostgreSQL, spawned servers, argon2's threads and timers, which the other worker's tests fill.
    maxWorkers: 2,
    // A project with its own worker count runs in a group of its own: after the contracts and web projects, when the
    // root config runs them all (`npm run test:unit`).
    sequence: { groupOrder: 2 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
