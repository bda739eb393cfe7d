import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

import type { Plugin } from 'vite'

import type { SiteConfig } from '../../src/contract/site-schema'

const CONFIG_ID = 'virtual:fjord-site-config'
const COMPONENTS_ID = 'virtual:fjord-content-components'

/**
 * Serves the validated site config to the app as plain data (no zod in the browser),
 * and the site's own Markdown components (`content.components`) as one module that
 * imports each, so the renderer draws them in the app and in the prerender alike.
 */
export function siteConfigModule(config: SiteConfig): Plugin {
  let root = process.cwd()
  return {
    name: 'fjord-site-config',
    configResolved: (resolved) => {
      root = resolved.root
    },
    resolveId: (id) => (id === CONFIG_ID || id === COMPONENTS_ID ? `\0${id}` : undefined),
    load(id) {
      if (id === `\0${CONFIG_ID}`) return `export default ${JSON.stringify(config)}`
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
