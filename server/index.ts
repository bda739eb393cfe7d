import { join, resolve } from 'node:path'

import config from '../site.config'
import { ensureBuild } from './freshness'
import { startServer } from './start'

/**
 * `npm start`: builds when dist/ is missing or older than any source, then serves the
 * site on 127.0.0.1:3000 (HOST and PORT override). PUBLIC_URL is where readers reach
 * it (default: the site config's brand.url, or this address on loopback), TRUST_PROXY
 * the number of proxies in front of it (see SECURITY.md), QUERY_CACHE_MB how much of the
 * query endpoint's answers it keeps for repeats (default 32; 0 keeps none). A build
 * written into dist/ while it runs is served once it is complete (server/live-site.ts).
 * The built server (`node dist-server/index.mjs`, server/production.ts) serves the same
 * way, without the checkout: no freshness check and no build.
 */
const root = resolve(import.meta.dirname, '..')
await startServer({ distDir: join(root, 'dist'), config, prepare: () => ensureBuild(root, config) })
