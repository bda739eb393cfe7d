import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

import type { Plugin } from 'vite'

import type { SiteConfig } from '../../src/contract/site-schema'
import { type BrandMark, brandMarkOf } from './brand-mark.ts'

const CONFIG_ID = 'virtual:fjord-site-config'
const COMPONENTS_ID = 'virtual:fjord-content-components'
const WORDS_ID = 'virtual:fjord-locale-words'
const MARKS_ID = 'virtual:fjord-brand-marks'
const IDS = new Set([CONFIG_ID, COMPONENTS_ID, WORDS_ID, MARKS_ID])

interface Options {
  /**
   * The words of every locale but the default in chunks of their own (`virtual:fjord-locale-words`),
   * loaded when a page of that locale is read: a language adds nothing to the app's first
   * load in another. Off where everything runs at once (the prerender, the unit tests).
   */
  splitWords?: boolean
}

/**
 * Serves the validated site config to the app as plain data (no zod in the browser),
 * and the site's own Markdown components (`content.components`) as one module that
 * imports each, so the renderer draws them in the app and in the prerender alike; and
 * the brand icon of each colour mode as an inline drawing when its file is a plain SVG
 * (`virtual:fjord-brand-marks`, brand-mark.ts), null when it stays an <img>.
 */
export function siteConfigModule(config: SiteConfig, { splitWords = false }: Options = {}): Plugin {
  let root = process.cwd()
  let publicDir = join(root, 'public')
  const [first, ...others] = config.locales
  /** The mark of one brand icon, read from public/ (watched, so an edit in dev draws the new one). */
  const markOf = (file: string, watch: (path: string) => void): BrandMark | null => {
    const path = join(publicDir, ...file.split('/').filter(Boolean))
    if (!file.endsWith('.svg') || !existsSync(path)) return null
    watch(path)
    return brandMarkOf(readFileSync(path, 'utf8')) ?? null
  }
  return {
    name: 'fjord-site-config',
    configResolved: (resolved) => {
      root = resolved.root
      publicDir = resolved.publicDir || join(root, 'public')
    },
    resolveId: (id) => (IDS.has(id) || id.startsWith(`${WORDS_ID}/`) ? `\0${id}` : undefined),
    load(id, options) {
      if (id === `\0${MARKS_ID}`) {
        const watch = (path: string) => this.addWatchFile(path)
        return `export default ${JSON.stringify({ light: markOf(config.brand.icon.light, watch), dark: markOf(config.brand.icon.dark, watch) })}`
      }
      // The prerender (an SSR build) draws every language's pages at once: it keeps every word inline.
      const split = splitWords && options?.ssr !== true
      if (id === `\0${CONFIG_ID}`) return `export default ${JSON.stringify(split ? { ...config, locales: [first, ...others.map((l) => ({ ...l, ui: {}, labels: {} }))] } : config)}`
      if (id === `\0${WORDS_ID}`) {
        const loaders = split ? others.map((l) => `${JSON.stringify(l.code)}: () => import(${JSON.stringify(`${WORDS_ID}/${l.code}`)})`) : []
        return `export default {${loaders.join(', ')}}`
      }
      if (id.startsWith(`\0${WORDS_ID}/`)) {
        const code = id.slice(`\0${WORDS_ID}/`.length)
        const locale = others.find((l) => l.code === code)
        return `export default ${JSON.stringify({ ui: locale?.ui ?? {}, labels: locale?.labels ?? {} })}`
      }
      if (id !== `\0${COMPONENTS_ID}`) return undefined
      const entries = Object.entries(config.content.components)
      const imports = entries.map(([name, file], i) => {
        const path = resolve(root, file)
        if (!existsSync(path)) this.error(`site.config.ts: content.components["${name}"] is ${file}, which does not exist in ${root}`)
        return `import C${i} from ${JSON.stringify(path)}`
      })
      return `${imports.join('\n')}\nexport default {${entries.map(([name], i) => `${JSON.stringify(name)}: C${i}`).join(', ')}}`
    },
  }
}
