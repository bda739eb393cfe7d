import { defineConfig } from 'vitest/config'

/** Browser journeys: Chromium through playwright-core against the real server. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // A poll ends as soon as what it waits for shows; the default second is too short for
    // a browser on a busy shared machine.
    expect: { poll: { timeout: 10_000 } },
  },
})
