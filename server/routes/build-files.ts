import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { type Context, Hono } from 'hono'
import type { z } from 'zod/mini'

import { modulesResponseSchema, statsSchema } from '../../src/contract/api-schemas'
import type { BuiltSite } from '../site'

/** `GET /stats` and `GET /modules`: the release, ecosystem and module figures the content build wrote. */
export function buildFileRoutes(site: BuiltSite): Hono {
  const routes = new Hono()
  routes.get('/stats', buildFile(site, 'stats.json', statsSchema))
  routes.get('/modules', buildFile(site, 'modules.json', modulesResponseSchema))
  return routes
}

/** A file of the build's `builds/` folder, read once, validated, and served with an ETag. */
function buildFile<T>(site: BuiltSite, name: string, schema: z.ZodMiniType<T>) {
  let loaded: Promise<{ body: string; etag: string }> | undefined
  return async (c: Context) => {
    loaded ??= readFile(join(site.distDir, 'builds', name), 'utf8')
      .then((text) => {
        const body = JSON.stringify(schema.parse(JSON.parse(text)))
        return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` }
      })
      .catch((error: unknown) => {
        // A missing or broken file is read again on the next request, not cached as a failure.
        loaded = undefined
        throw error
      })
    const { body, etag } = await loaded
    const headers = { 'Cache-Control': 'public, max-age=300', ETag: etag, 'Content-Type': 'application/json; charset=utf-8' }
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
    return c.body(body, 200, headers)
  }
}
