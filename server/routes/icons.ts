import { Hono } from 'hono'

import { iconData, MAX_ICONS_PER_REQUEST } from '../../content-build/runtime'

/** Icons by name from the installed icon sets: `GET /_icons/lucide.json?icons=rocket,book-open`. */
export function iconRoutes(): Hono {
  const routes = new Hono()
  routes.get('/_icons/:file', async (c) => {
    const prefix = c.req.param('file').replace(/\.json$/, '')
    const names = (c.req.query('icons') ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => /^[a-z0-9-]+$/.test(n))
    if (!names.length) return c.json({ error: 'name the icons: ?icons=a,b' }, 400)
    if (names.length > MAX_ICONS_PER_REQUEST) return c.json({ error: `at most ${MAX_ICONS_PER_REQUEST} icons per request` }, 400)
    const reply = await iconData(prefix, names)
    if (!reply) return c.json({ error: `unknown icon set "${prefix}"` }, 404)
    return c.json(reply, 200, { 'Cache-Control': 'public, max-age=86400' })
  })
  return routes
}
