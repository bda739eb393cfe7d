import { fileURLToPath } from 'node:url'

import react from '@vitejs/plugin-react'
import { defineConfig, type UserConfig } from 'vite'

import { withTreeLocales } from './content-build/formats/tree-locales'
import { colorModeBoot } from './content-build/vite/color-mode-plugin'
import { fjordContent } from './content-build/vite/content-plugin'
import { privateBuildFiles } from './content-build/vite/private-files-plugin'
import { serviceWorker } from './content-build/vite/service-worker-plugin'
import { siteConfigModule } from './content-build/vite/site-config-plugin'
import { themeModule } from './content-build/vite/theme-plugin'
import { workerBuilds } from './content-build/vite/worker-plugin'
import { devServing } from './server/dev'
import siteConfig from './site.config'
import type { SiteConfig } from './src/contract/site-schema'

/**
 * The Vite config of the site for a site config: site.config.ts's by default, another one's in tests (testing/build-site.ts),
 * with the locales its docs trees bring (DOCS_V4_DIR=… a VitePress tree with `locales`), as the content build reads them.
 */
export const viteConfigFor = (ownConfig: SiteConfig) =>
  defineConfig(async ({ isSsrBuild }) => {
    const { config } = await withTreeLocales(ownConfig, { root: fileURLToPath(new URL('.', import.meta.url)), env: process.env })
    return siteViteConfig(config, isSsrBuild === true)
  })

const siteViteConfig = (config: SiteConfig, isSsrBuild: boolean): UserConfig => ({
  // The site's base path (site.config.ts `base`, or BASE_PATH): the app's files are requested under it.
  base: config.base,
  plugins: [
    react(),
    siteConfigModule(config, { splitWords: true }),
    themeModule(config),
    colorModeBoot(config),
    fjordContent(config, { serve: devServing }),
    serviceWorker(),
    privateBuildFiles(),
  ],
  // `@/x` is src/x in the browser app (tsconfig.json names it too; lint keeps it out of code Node loads).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed bundles live apart from public/ files so they can be cached as immutable.
    assetsDir: '_app',
    // Which files each route loads first (scripts/check-budgets.ts, the prerender's stylesheets):
    // moved out of dist/ into dist-server/private/ once written (private-files-plugin.ts).
    manifest: !isSsrBuild,
    // The prerender bundle (`--ssr src/prerender.tsx`) runs in Node at build time: no public files.
    copyPublicDir: !isSsrBuild,
    // Nothing to act on: Rolldown's note that plugins (Vite's CSS) took most of a build,
    // and, in the prerender bundle (one file run by Node), that a module the app loads
    // lazily is imported statically there.
    rolldownOptions: { checks: { bundlerTimings: false, ineffectiveDynamicImport: !isSsrBuild } },
  },
  // Worker bundles (the content database, search, Markdown parsing) run without a DOM.
  worker: { plugins: () => [workerBuilds()] },
  server: {
    // HOST and PORT as `npm start` reads them.
    host: process.env.HOST || '127.0.0.1',
    port: Number(process.env.PORT) || 3000,
    // A port asked for is that port, as `npm start` binds it, not the next free one.
    strictPort: Boolean(process.env.PORT),
    // Build outputs and server data are not sources: a write there (a build, the content
    // build's cache) must not reload the open page. Content changes reload it through the
    // content plugin, once its build is written.
    watch: { ignored: ['**/.cache/**', '**/dist/**', '**/.data/**', '**/bench-results/**'] },
  },
  preview: { host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT) || 3000, strictPort: Boolean(process.env.PORT) },
})

export default viteConfigFor(siteConfig)
