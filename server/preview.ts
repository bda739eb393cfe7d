import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'

import { type DraftsResponse, PREVIEW_COOKIE, PREVIEW_HEADER } from '../src/contract/api-schemas'
import { DRAFTS_DIR, DRAFTS_MANIFEST, type DraftsManifest, privateDir } from '../src/contract/content/build-output'
import type { SiteConfig } from '../src/contract/site-schema'
import { sameSecret } from './security/request'
import type { BuiltSite } from './site'

export const PREVIEW_NOT_CONFIGURED = 'Preview is not configured on this server.'
export const PREVIEW_INVALID = 'This preview link is invalid or has expired.'

export interface PreviewApiOptions {
  site: BuiltSite
  config: SiteConfig
  env: Readonly<Record<string, string | undefined>>
  /** Where this app is mounted (`/api/_preview`): the dump URLs it hands out. */
  base: string
  error: (c: Context, status: 401 | 404, message: string) => Response
}

/**
 * The preview API: draft pages, for a reader holding the preview token (the
 * previewToken cookie, or the X-Preview-Token header) equal to the server's
 * `preview.tokenEnv` variable. Without that variable nothing is served (404); with a
 * missing or wrong token, 401. Nothing here may be cached by the browser or a proxy.
 * - `GET /drafts`: which collections have drafts, their routes and dump URLs;
 * - `GET /drafts/:collection.sql`: one collection's drafts dump, for the database worker.
 */
export function createPreviewApi({ site, config, env, base, error }: PreviewApiOptions): Hono {
  const preview = new Hono()
  let manifest: Promise<DraftsManifest> | undefined
  const drafts = () =>
    (manifest ??= readFile(join(privateDir(site.distDir), DRAFTS_MANIFEST), 'utf8').then(
      (text) => JSON.parse(text) as DraftsManifest,
      () => ({ collections: {} }),
    ))

  preview.use('*', async (c, next) => {
    const secret = env[config.preview.tokenEnv]
    if (!config.preview.api || !secret) return error(c, 404, PREVIEW_NOT_CONFIGURED)
    const token = c.req.header(PREVIEW_HEADER) ?? getCookie(c, PREVIEW_COOKIE) ?? ''
    if (!sameSecret(token, secret)) return error(c, 401, PREVIEW_INVALID)
    c.header('Cache-Control', 'private, no-store')
    c.header('Vary', 'Cookie')
    await next()
  })

  preview.get('/drafts', async (c) => {
    const { collections } = await drafts()
    return c.json({
      collections: Object.fromEntries(
        Object.entries(collections).map(([name, entry]) => [name, { ...entry, dump: `${base}/drafts/${encodeURIComponent(name)}.sql?v=${entry.checksum}` }]),
      ),
    } satisfies DraftsResponse)
  })

  preview.get('/drafts/:file', async (c) => {
    const name = c.req.param('file').replace(/\.sql$/, '')
    const { collections } = await drafts()
    if (!Object.hasOwn(collections, name)) return error(c, 404, `No drafts in "${name}".`)
    const sql = await readFile(join(privateDir(site.distDir), DRAFTS_DIR, `${name}.sql`), 'utf8')
    return c.body(sql, 200, { 'Content-Type': 'text/plain; charset=utf-8' })
  })

  preview.all('*', (c) => error(c, 404, `Not found: ${c.req.method} ${c.req.path}`))
  return preview
}
