import { resolve } from 'node:path'

import type { ResolvedConfig } from 'vite'
import { describe, expect, it } from 'vitest'

import siteConfig from '../../site.config'
import { siteConfigModule } from './site-config-plugin'

const root = resolve(import.meta.dirname, '../..')

/** The components module the plugin writes for a `content.components` map, or the error it stops the build with. */
function componentsModule(components: Record<string, string>): string {
  const plugin = siteConfigModule({ ...siteConfig, content: { components } })
  ;(plugin.configResolved as (config: ResolvedConfig) => void)({ root } as ResolvedConfig)
  const context = {
    error(message: string): never {
      throw new Error(message)
    },
  }
  const id = (plugin.resolveId as (id: string) => string | undefined)('virtual:fjord-content-components')
  return (plugin.load as (this: typeof context, id: string) => string).call(context, id ?? '')
}

describe("the site's components module", () => {
  it('imports each component file and maps it to its name', () => {
    const code = componentsModule({ 'browser-support': 'src/content-components/browser-support.tsx' })
    expect(code).toContain(`import C0 from ${JSON.stringify(resolve(root, 'src/content-components/browser-support.tsx'))}`)
    expect(code).toContain('export default {"browser-support": C0}')
  })

  it('stops the build naming the entry whose file does not exist', () => {
    expect(() => componentsModule({ 'api-table': 'src/content-components/api-table.tsx' })).toThrow(
      `site.config.ts: content.components["api-table"] is src/content-components/api-table.tsx, which does not exist in ${root}`,
    )
  })
})

describe("the locales' words", () => {
  const es = { code: 'es', label: 'Español', lang: 'es', dir: 'ltr' as const, docs: {}, ui: { onThisPage: 'En esta página' }, labels: { Docs: 'Documentación' } }
  const config = { ...siteConfig, locales: [{ ...siteConfig.locales[0]!, ui: { onThisPage: 'Contents' } }, es] }
  const load = (plugin: ReturnType<typeof siteConfigModule>, id: string, ssr = false) => {
    const resolved = (plugin.resolveId as (id: string) => string | undefined)(id) ?? ''
    return (plugin.load as (id: string, options: { ssr: boolean }) => string)(resolved, { ssr })
  }

  it("are a chunk of each locale's own in the app, the default locale's staying in the config", () => {
    const plugin = siteConfigModule(config, { splitWords: true })
    const site = load(plugin, 'virtual:fjord-site-config')
    expect(site).toContain('"ui":{"onThisPage":"Contents"}')
    expect(site).not.toContain('En esta página')
    expect(site).not.toContain('Documentación')
    expect(load(plugin, 'virtual:fjord-locale-words')).toBe('export default {"es": () => import("virtual:fjord-locale-words/es")}')
    expect(load(plugin, 'virtual:fjord-locale-words/es')).toBe('export default {"ui":{"onThisPage":"En esta página"},"labels":{"Docs":"Documentación"}}')
  })

  it('stay in the config where every page is drawn at once: the prerender, and without splitting', () => {
    for (const [plugin, ssr] of [
      [siteConfigModule(config, { splitWords: true }), true],
      [siteConfigModule(config), false],
    ] as const) {
      expect(load(plugin, 'virtual:fjord-site-config', ssr)).toContain('En esta página')
      expect(load(plugin, 'virtual:fjord-locale-words', ssr)).toBe('export default {}')
    }
  })
})
