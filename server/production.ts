import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { siteConfigSchema } from '../src/contract/site-schema'
import { SITE_CONFIG_FILE } from './production-files'
import { startServer } from './start'

/**
 * The built server's entry, `node dist-server/index.mjs` (scripts/build-server.ts bundles
 * it): serves the public site in `dist/` beside `dist-server/` with what
 * `npm ci --omit=dev` installs, and nothing of the checkout. The site config is the one
 * the build validated, written beside this file as JSON; there is no freshness check
 * and no build at start. The environment is read as `npm start` reads it
 * (server/start.ts); DIST_DIR serves a public site kept elsewhere.
 */
const here = import.meta.dirname
const parsed = siteConfigSchema.safeParse(JSON.parse(await readFile(join(here, SITE_CONFIG_FILE), 'utf8')))
if (!parsed.success) {
  console.error(
    `${join(here, SITE_CONFIG_FILE)} is not a site config this server reads: rebuild with npm run build.\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`,
  )
  process.exit(1)
}
await startServer({ distDir: process.env.DIST_DIR || join(here, '..', 'dist'), config: parsed.data })
