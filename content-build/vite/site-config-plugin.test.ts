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

describe("the brand icons' marks", () => {
  /** The marks module for `icon`, with the files it asked to be watched. */
  const marks = (icon: { light: string; dark: string }) => {
    const plugin = siteConfigModule({ ...siteConfig, brand: { ...siteConfig.brand, icon } })
    ;(plugin.configResolved as (config: ResolvedConfig) => void)({ root, publicDir: resolve(root, 'public') } as ResolvedConfig)
    const watched: string[] = []
    const id = (plugin.resolveId as (id: string) => string | undefined)('virtual:fjord-brand-marks') ?? ''
    const code = (plugin.load as (this: { addWatchFile(path: string): void }, id: string) => string).call({ addWatchFile: (path) => watched.push(path) }, id)
    return { marks: JSON.parse(code.replace(/^export default /, '')) as Record<string, { viewBox: string } | null>, watched }
  }

  it("draw each mode's plain SVG inline, and watch its file", () => {
    const { marks: drawn, watched } = marks({ light: '/design-kit/fjord-icon-light.svg', dark: '/design-kit/fjord-icon-dark.svg' })
    expect(drawn.light?.viewBox).toBe('0 0 64 64')
    expect(drawn.dark?.viewBox).toBe('0 0 64 64')
    expect(watched).toEqual([resolve(root, 'public/design-kit/fjord-icon-light.svg'), resolve(root, 'public/design-kit/fjord-icon-dark.svg')])
  })

  it('leave an icon that is not a plain SVG in public/ to its <img>', () => {
    // The wordmark draws text; a PNG is not a drawing; a missing file is the <img>'s to report.
    const { marks: drawn } = marks({ light: '/design-kit/fjord-wordmark-light.svg', dark: '/apple-touch-icon.png' })
    expect(drawn).toEqual({ light: null, dark: null })
    expect(marks({ light: '/no-such-icon.svg', dark: '/no-such-icon.svg' }).marks).toEqual({ light: null, dark: null })
  })
})
