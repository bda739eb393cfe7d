import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Hono } from 'hono'

import { type BuiltSite, loadSite } from './site'

/** How often, at most, a request makes the server look for a newer build. */
export const BUILD_CHECK_MS = 1000

export interface LiveSite {
  /** The build answered from now: the product API reads it through this object, which is updated in place. */
  readonly site: BuiltSite
  fetch: Hono['fetch']
  /** Looks for a newer complete build now and switches to it; resolves to whether it switched. */
  refresh(): Promise<boolean>
}

/**
 * The server's view of `dist/` while `npm run build` may rewrite it underneath: the
 * site (routes, redirects, collections) of one build at a time, and the app made from
 * it. At most once a second a request makes it read `builds/latest.json`; when that
 * names another build whose records load whole, the next requests are answered by an
 * app of that build. A build still being written (its records missing or partial) is
 * not taken: the previous one answers until it is complete. Each page's CSP comes from
 * the HTML file it is sent with (server/static.ts), so a page is never refused its own
 * inline scripts, whatever moment of a rebuild it is read at.
 */
export async function liveSite(distDir: string, makeApp: (site: BuiltSite) => Hono, { checkEveryMs = BUILD_CHECK_MS, log = console.log } = {}): Promise<LiveSite> {
  const site = await loadSite(distDir)
  let app = makeApp(site)
  let checkedAt = Date.now()
  let checking: Promise<boolean> | undefined

  const refresh = () =>
    (checking ??= (async () => {
      try {
        const latest = await readFile(join(distDir, 'builds', 'latest.json'), 'utf8').catch(() => undefined)
        if (!latest || latestId(latest) === site.buildId) return false
        const next = await loadSite(distDir).catch(() => undefined)
        if (!next || next.buildId === site.buildId) return false
        Object.assign(site, next)
        app = makeApp(site)
        log(`Serving build ${site.buildId}`)
        return true
      } finally {
        checking = undefined
      }
    })())

  return {
    site,
    refresh,
    fetch: (request, env, context) => {
      const now = Date.now()
      if (now - checkedAt >= checkEveryMs) {
        checkedAt = now
        // This request is answered by the build in place; the ones after it by the new one.
        void refresh()
      }
      return app.fetch(request, env, context)
    },
  }
}

function latestId(text: string): string | undefined {
  try {
    const latest: unknown = JSON.parse(text)
    return typeof latest === 'object' && latest !== null && 'id' in latest && typeof latest.id === 'string' ? latest.id : undefined
  } catch {
    // Being written.
    return undefined
  }
}
