import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'content-build/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts'],
    // Component tests run in jsdom (per-file docblock); everything else in Node.
    environment: 'node',
    testTimeout: 30_000,
  },
})
