import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'

import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { stream } from 'hono/streaming'
import { z } from 'zod'

import {
  type AdminContentResponse,
  type AdminModulesResponse,
  type AdminSessionsEndedResponse,
  adminSubscribersRequestSchema,
  type AdminSubscribersResponse,
  contentWarningSchema,
  modulesResponseSchema,
} from '../../src/contract/api-schemas'
import { BUILD_REPORT, privateDir } from '../../src/contract/content/build-output'
import { docsEditions } from '../../src/contract/locales'
import type { SiteConfig } from '../../src/contract/site-schema'
import { allSubscribers, CSV_HEADER, csvLine, deleteSubscriber, listSubscribers } from '../newsletter/admin'
import type { Newsletter } from '../newsletter/index'
import type { BuiltSite } from '../site'
import type { ActiveSession, AdminSessions } from './session-cookie'

export const SIGN_IN_REQUIRED = 'Sign in as an administrator to use the admin API.'
export const NOT_AN_ADMIN = 'This account is not an administrator of this site.'

export interface AdminApiOptions {
  site: BuiltSite
  config: SiteConfig
  /** The request's session, checked against the server database on every request. */
  sessions: AdminSessions
  newsletter: () => Promise<Newsletter>
  error: (c: Context, status: 400 | 401 | 403 | 404, message: string) => Response
}

/** The admin routes see the request's session, checked by `requireAdmin`. */
type AdminEnv = { Variables: { session: ActiveSession } }

const reportSchema = z.object({
  id: z.string(),
  timestamp: z.number(),
  warnings: z.object({ total: z.number(), brokenLinks: z.number(), shown: z.array(contentWarningSchema) }),
})

/** A file's size, or null when it is not there. */
const sizeOf = (file: string) =>
  stat(file).then(
    (info) => info.size,
    () => null,
  )

/**
 * The admin API (`{api}/admin/...`), for signed-in administrators only: a guest, a
 * cookie that fails its signature or names no open session (signed out, timed out)
 * gets 401; a session of a login no longer listed in `auth.admins` gets 403 once and
 * is ended (401 after that); both with a JSON message. State-changing requests have
 * already passed the API's cross-site check.
 * - `GET /subscribers`: a page of newsletter subscribers (`q`, `status`, `address`
 *   (`flagged`: failing the address rules), `sort`, `order`, `page`, `perPage`), how
 *   many match and the counts by status and of flagged addresses;
 * - `GET /subscribers.csv`: every matching subscriber as CSV, streamed from the database;
 * - `DELETE /subscribers/:id`: removes one (and its unsent emails);
 * - `GET /content`: the build, its collections (rows, dump sizes), pages per docs
 *   version and the build's warnings;
 * - `GET /modules`: the module directory in figures;
 * - `DELETE /sessions`: signs the signed-in login out everywhere: ends every one of
 *   its sessions, this one included.
 */
export function createAdminApi({ site, config, sessions, newsletter, error }: AdminApiOptions): Hono<AdminEnv> {
  const admin = new Hono<AdminEnv>()

  const requireAdmin: MiddlewareHandler<AdminEnv> = async (c, next) => {
    const { session, refused } = await sessions.check(c)
    if (refused === 'not-admin') return error(c, 403, NOT_AN_ADMIN)
    if (!session) return error(c, 401, SIGN_IN_REQUIRED)
    c.set('session', session)
    c.header('Cache-Control', 'no-store')
    await next()
  }
  admin.use('*', requireAdmin)

  const filters = (c: Context) => {
    const query = adminSubscribersRequestSchema.safeParse(c.req.query())
    return query.success ? query.data : undefined
  }

  admin.get('/subscribers', async (c) => {
    const query = filters(c)
    if (!query)
      return error(c, 400, 'Unknown search parameters: q, status (pending or confirmed), address (flagged), sort, order (asc or desc), page and perPage (1 to 100) are read.')
    const { db } = await newsletter()
    const list = await listSubscribers(db, query)
    return c.json({ ...list, page: query.page, perPage: query.perPage } satisfies AdminSubscribersResponse)
  })

  admin.get('/subscribers.csv', async (c) => {
    const query = filters(c)
    if (!query) return error(c, 400, 'Unknown search parameters: q, status (pending or confirmed) and address (flagged) are read.')
    const { db } = await newsletter()
    const day = new Date().toISOString().slice(0, 10)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="subscribers-${day}.csv"`)
    return stream(c, async (out) => {
      await out.write(CSV_HEADER)
      for await (const rows of allSubscribers(db, query)) await out.write(rows.map(csvLine).join(''))
    })
  })

  admin.delete('/subscribers/:id', async (c) => {
    const id = Number(c.req.param('id'))
    if (!Number.isSafeInteger(id) || id < 1) return error(c, 400, 'A subscriber id is a positive whole number.')
    const { db } = await newsletter()
    if (!(await deleteSubscriber(db, id))) return error(c, 404, 'There is no such subscriber (already deleted?).')
    return c.json({ deleted: true })
  })

  admin.get('/content', async (c) => {
    const report = await readFile(join(privateDir(site.distDir), BUILD_REPORT), 'utf8')
      .then((text) => reportSchema.parse(JSON.parse(text)))
      .catch(() => undefined)
    const collections = await Promise.all(
      Object.entries(site.manifest.collections).map(async ([name, entry]) => {
        // The database file browsers download, and the compressed copies static hosts serve.
        const file = join(site.distDir, '__content', name, 'db.sqlite')
        const [raw, gzip, brotli] = await Promise.all([sizeOf(file), sizeOf(`${file}.gz`), sizeOf(`${file}.br`)])
        return { name, type: entry.type, rows: entry.rows, bytes: { raw, gzip, brotli } }
      }),
    )
    const docs = docsEditions(config).map((version) => ({
      label: version.label,
      path: version.path,
      collection: version.collection,
      pages: site.manifest.collections[version.collection]?.rows ?? 0,
    }))
    return c.json({
      build: { id: site.buildId, timestamp: report?.id === site.buildId ? report.timestamp : null },
      collections,
      docs,
      warnings: report ? report.warnings : null,
    } satisfies AdminContentResponse)
  })

  admin.get('/modules', async (c) => {
    const { modules, stats } = modulesResponseSchema.parse(JSON.parse(await readFile(join(site.distDir, 'builds', 'modules.json'), 'utf8')))
    const categories = new Map<string, { modules: number; downloads: number }>()
    for (const module of modules) {
      const entry = categories.get(module.category) ?? { modules: 0, downloads: 0 }
      entry.modules++
      entry.downloads += module.stats.downloads
      categories.set(module.category, entry)
    }
    // Not published for a year: worth a look from whoever curates the directory.
    const yearAgo = Date.now() - 365 * 24 * 3600_000
    return c.json({
      total: modules.length,
      official: modules.filter((m) => m.type === 'official').length,
      sponsored: modules.filter((m) => m.sponsor).length,
      downloads: modules.reduce((sum, m) => sum + m.stats.downloads, 0),
      stars: modules.reduce((sum, m) => sum + m.stats.stars, 0),
      maintainers: stats.maintainers,
      categories: [...categories].map(([category, figures]) => ({ category, ...figures })).sort((a, b) => b.modules - a.modules || a.category.localeCompare(b.category)),
      top: [...modules]
        .sort((a, b) => b.stats.downloads - a.stats.downloads)
        .slice(0, 10)
        .map((m) => ({ name: m.name, npm: m.npm, category: m.category, downloads: m.stats.downloads, stars: m.stats.stars, publishedAt: m.stats.publishedAt })),
      stale: modules.filter((m) => Date.parse(m.stats.publishedAt) < yearAgo).length,
    } satisfies AdminModulesResponse)
  })

  admin.delete('/sessions', async (c) => {
    const ended = await sessions.endEverywhere(c, c.get('session').user.login)
    return c.json({ ended } satisfies AdminSessionsEndedResponse)
  })

  admin.all('*', (c) => error(c, 404, `Not found: ${c.req.method} ${c.req.path}`))
  return admin
}
