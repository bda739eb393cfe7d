import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

import type { Plugin } from 'vite'

import type { SiteConfig } from '../../src/contract/site-schema'
import { themeCss } from '../../src/contract/theme'
import { brandAssetPaths, type ReadSiteFile, renderBrandAsset } from '../outputs/brand-assets'

/** The app's stylesheet, imported by src/main.tsx: the theme's tokens are added to it. */
const STYLES = 'src/styles.css'

/**
 * The site's theme (`theme` in site.config.ts) in the app: its colour and radius tokens
 * are appended to src/styles.css as it is loaded, so they are in the first stylesheet of
 * every page, prerendered ones included, and in development alike: no page paints
 * before its colours. (A CSS `@import` of a virtual module would not do: Vite inlines
 * `@import`s itself, without plugins.)
 *
 * In development it also serves the brand files the content build writes into dist/
 * (favicon, app icons, web app manifest, social image), drawn on request, unless
 * public/ has its own file at that path, which Vite then serves.
 */
export function themeModule(config: SiteConfig): Plugin {
  let styles = ''
  let themed = false
  let isBuild = false
  let isSsr = false
  return {
    name: 'fjord-theme',
    enforce: 'pre',
    configResolved(resolved) {
      styles = resolve(resolved.root, STYLES)
      isBuild = resolved.command === 'build'
      isSsr = Boolean(resolved.build.ssr)
    },
    transform(code, id) {
      if (id.split('?')[0] !== styles) return undefined
      themed = true
      return { code: `${code}\n${themeCss(config.theme)}`, map: null }
    },
    generateBundle() {
      // The app without its colours would build and look broken: say why instead.
      if (isBuild && !isSsr && !themed) this.error(`${STYLES} was not in the app's bundle, so the theme's colour tokens are missing: src/main.tsx must import it`)
    },
    configureServer(server) {
      const publicDir = server.config.publicDir || join(server.config.root, 'public')
      const read: ReadSiteFile = async (path) => {
        const file = join(publicDir, ...path.split('/').filter(Boolean))
        return existsSync(file) ? readFile(file) : undefined
      }
      const paths = new Set(brandAssetPaths(config))
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? ''
        if (!paths.has(path) || existsSync(join(publicDir, ...path.split('/').filter(Boolean)))) return next()
        renderBrandAsset(path, config, read).then(
          (asset) => {
            if (!asset) return next()
            res.setHeader('Content-Type', asset.type)
            res.setHeader('Cache-Control', 'no-cache')
            res.end(asset.body)
          },
          (error: unknown) => next(error),
        )
      })
    },
  }
}
