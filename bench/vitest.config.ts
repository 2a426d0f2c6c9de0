import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'bench',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 240_000,
  },
})
