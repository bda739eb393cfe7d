import type { Plugin } from 'vite'

import { brandKey } from '../../src/contract/brand-key'
import { colorModeBootScript } from '../../src/contract/color-mode'
import type { SiteConfig } from '../../src/contract/site-schema'

/** Puts the colour mode boot script in <head>: the mode is set before the first paint. */
export function colorModeBoot(config: SiteConfig): Plugin {
  return {
    name: 'fjord-color-mode-boot',
    // At the end of <head>: after the theme-color meta it updates, before anything paints.
    transformIndexHtml: () => [{ tag: 'script', children: colorModeBootScript(brandKey(config.brand)), injectTo: 'head' }],
  }
}
