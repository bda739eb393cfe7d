import { existsSync } from 'node:fs'
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'

import { privateDir } from '../../src/contract/content/build-output'
import { hash } from './checksum'

/** The service worker as Vite bundled it, before its precache list (`self.__WB_MANIFEST`) is filled in: in the private folder beside dist/, never served. */
export const SW_TEMPLATE = 'sw.js'
/** Where the template of the site built into `outDir` is. */
export const swTemplateFile = (outDir: string): string => join(privateDir(outDir), SW_TEMPLATE)
/** The service worker the site serves. */
export const SW_FILE = 'sw.js'
/** Where the bundle takes its precache list (Workbox's `precacheAndRoute(self.__WB_MANIFEST)`). */
const INJECTION_POINT = 'self.__WB_MANIFEST'
/** Files under /_app/ with these extensions: every script, stylesheet, WebAssembly and font of the app. */
const APP_FILES = /\.(js|css|wasm|woff2)$/

export interface ServiceWorkerResult {
  files: number
  bytes: number
}

/** A precache entry as Workbox reads it: a hashed name is its own revision; another file's revision is its content's hash. */
interface PrecacheEntry {
  url: string
  revision: string | null
}

/**
 * Writes dist/sw.js: the bundled service worker with the list of files to precache,
 * from the build's final files: the app shell (200.html), every /_app/ script,
 * stylesheet and WebAssembly file, the content manifest and this build's manifest.
 * Without a template (the content build run alone, without the app) there is no
 * service worker to write. Its URLs are under the site's `base` (`/fjord/_app/…`), where
 * the pages request them.
 */
export async function writeServiceWorker(outDir: string, buildId: string, base = '/'): Promise<ServiceWorkerResult | undefined> {
  const templateFile = swTemplateFile(outDir)
  if (!existsSync(templateFile)) return undefined
  const template = await readFile(templateFile, 'utf8')
  if (template.split(INJECTION_POINT).length !== 2) throw new Error(`${templateFile} must name ${INJECTION_POINT} exactly once (where the precache list goes)`)
  const app = (await readdir(join(outDir, '_app'), { recursive: true, withFileTypes: true })).filter((f) => f.isFile() && APP_FILES.test(f.name))
  const entries: PrecacheEntry[] = []
  let bytes = 0
  for (const file of app.map((f) => join(f.parentPath, f.name)).sort()) {
    bytes += (await stat(file)).size
    entries.push({ url: `${base}${relative(outDir, file).split(sep).join('/')}`, revision: null })
  }
  for (const path of ['200.html', '__content/manifest.json', `builds/meta/${buildId}.json`]) {
    const content = await readFile(join(outDir, path))
    bytes += content.length
    entries.push({ url: `${base}${path}`, revision: hash(content, 32) })
  }
  await writeFile(
    join(outDir, SW_FILE),
    template.replace(INJECTION_POINT, () => JSON.stringify(entries)),
  )
  return { files: entries.length, bytes }
}

/** Offline reading turned off (`offline: false`): no service worker is served; pages unregister one an earlier build left. */
export async function removeServiceWorker(outDir: string): Promise<undefined> {
  await rm(join(outDir, SW_FILE), { force: true })
  return undefined
}
