import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

// With their extensions: Vite warns about every extensionless import in what a config
// imports (Node's own loader, which it plans to make the default, needs them), so this
// file, site.config.ts and what that imports name their files (eslint.config.js).
import { siteConfigModule } from './content-build/vite/site-config-plugin.ts'
import siteConfig from './site.config.ts'

export default defineConfig({
  plugins: [siteConfigModule(siteConfig)],
  // The browser app's `@/` alias, as vite.config.ts resolves it.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'content-build/**/*.test.ts', 'scripts/**/*.test.ts', 'testing/**/*.test.ts', 'server/**/*.test.ts'],
    // Component tests run in jsdom (per-file docblock); everything else in Node.
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 30_000,
  },
})
