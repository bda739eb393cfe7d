import type { Plugin } from 'vite'

import { colorModeBootScript } from '../../src/contract/color-mode'

/** Puts the colour mode boot script in <head>: the mode is set before the first paint. */
export function colorModeBoot(): Plugin {
  return {
    name: 'fjord-color-mode-boot',
    // At the end of <head>: after the theme-color meta it updates, before anything paints.
    transformIndexHtml: () => [{ tag: 'script', children: colorModeBootScript(), injectTo: 'head' }],
  }
}
