import { dirname, resolve } from 'node:path'

import { build, type Plugin } from 'vite'

import { swTemplateFile } from '../outputs/service-worker'

/**
 * Bundles src/sw.ts (Workbox included) into one classic script, `dist-server/private/sw.js`,
 * after the app's build. The content build, which writes the files the service worker
 * precaches, fills in their list and writes dist/sw.js (content-build/outputs/service-worker.ts).
 */
export function serviceWorker(): Plugin {
  let root = process.cwd()
  let outDir = 'dist'
  let ssr = false
  return {
    name: 'fjord-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = resolve(config.root, config.build.outDir)
      ssr = Boolean(config.build.ssr)
    },
    async closeBundle() {
      if (ssr) return
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        // Workbox logs in development builds only.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: dirname(swTemplateFile(outDir)),
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          lib: { entry: resolve(root, 'src/sw.ts'), formats: ['iife'], name: 'fjordServiceWorker', fileName: () => 'sw.js' },
        },
      })
    },
  }
}
