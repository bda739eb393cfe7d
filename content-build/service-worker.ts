import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'

/** The service worker as Vite bundled it, before its precache list (`self.__WB_MANIFEST`) is filled in. Never served. */
export const SW_TEMPLATE = '.private/sw.js'
/** The service worker the site serves. */
export const SW_FILE = 'sw.js'

export interface ServiceWorkerResult {
  files: number
  bytes: number
}

/**
 * Writes dist/sw.js: the bundled service worker with the list of files to precache,
 * each with a revision (its content hash), from the build's final files: the app shell,
 * every /_app/ script, stylesheet and WebAssembly file, the content manifest and this
 * build's manifest. Hashed /_app/ names are their own revision. Without a template
 * (the content build run alone, without the app) there is no service worker to write.
 */
export async function writeServiceWorker(outDir: string, buildId: string): Promise<ServiceWorkerResult | undefined> {
  const template = join(outDir, SW_TEMPLATE)
  if (!existsSync(template)) return undefined
  const { injectManifest } = await import('workbox-build')
  const { count, size, warnings } = await injectManifest({
    swSrc: template,
    swDest: join(outDir, SW_FILE),
    globDirectory: outDir,
    globPatterns: ['200.html', '_app/**/*.{js,css,wasm,woff2}', '__content/manifest.json', `builds/meta/${buildId}.json`],
    globIgnores: ['.private/**'],
    modifyURLPrefix: { '': '/' },
    dontCacheBustURLsMatching: /^\/?_app\//,
    // The sql.js WebAssembly is the largest file (about 650 KB).
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  })
  if (warnings.length) throw new Error(`the service worker's precache list: ${warnings.join('; ')}`)
  return { files: count, bytes: size }
}

/** Offline reading turned off (`offline: false`): no service worker is served; pages unregister one an earlier build left. */
export async function removeServiceWorker(outDir: string): Promise<undefined> {
  await rm(join(outDir, SW_FILE), { force: true })
  return undefined
}
