import type { Plugin } from 'vite'

import { brandKey } from '../../src/contract/brand-key'
import { colorModeBootScript, themeColorMeta } from '../../src/contract/color-mode'
import type { SiteConfig } from '../../src/contract/site-schema'
import { themeTokens } from '../../src/contract/theme'

const THEME_COLOR_META = /<meta name="theme-color"[^>]*>/

/**
 * Puts the colour mode boot script in <head>, so the mode is set before the first
 * paint, and gives index.html's theme-color meta the theme's background of each mode.
 *
 * The script goes right after that meta (which it updates), before every stylesheet: an
 * inline script after a stylesheet waits for it to arrive, and the parser with it, so
 * the body was parsed only once the CSS was in; before them it runs at once, and the
 * body is parsed while the CSS is on its way.
 */
export function colorModeBoot(config: SiteConfig): Plugin {
  const tokens = themeTokens(config.theme)
  const meta = themeColorMeta({ light: tokens.light['--bg'] ?? '#ffffff', dark: tokens.dark['--bg'] ?? '#000000' })
  return {
    name: 'fjord-color-mode-boot',
    transformIndexHtml: (html) => {
      if (!THEME_COLOR_META.test(html)) throw new Error('index.html has no <meta name="theme-color">: the colour mode boot script sets it')
      const script = `<script>${colorModeBootScript(brandKey(config.brand), config.base)}</script>`
      return html.replace(THEME_COLOR_META, () => `${meta}\n    ${script}`)
    },
  }
}
