import type { Plugin } from 'vite'

import type { SiteConfig } from '../src/config/site-schema'

const ID = 'virtual:fjord-site-config'

/** Serves the validated site config to the app as plain data (no zod in the browser). */
export function siteConfigModule(config: SiteConfig): Plugin {
  return {
    name: 'fjord-site-config',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) => (id === `\0${ID}` ? `export default ${JSON.stringify(config)}` : undefined),
  }
}
