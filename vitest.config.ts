import { defineConfig } from 'vitest/config'

import { siteConfigModule } from './server/site-config-plugin'
import siteConfig from './site.config'

export default defineConfig({
  plugins: [siteConfigModule(siteConfig)],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'content-build/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts'],
    // Component tests run in jsdom (per-file docblock); everything else in Node.
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 30_000,
  },
})
