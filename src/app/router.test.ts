import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

import type { RouteObject } from 'react-router-dom'
import { describe, expect, it } from 'vitest'

import { allSections, sectionsSchema } from '../contract/sections'
import { type RouteHandle, routes, routesFor } from './router'

const lazyRoutes = (list: readonly RouteObject[]): RouteObject[] => list.flatMap((route) => [...(route.lazy ? [route] : []), ...lazyRoutes(route.children ?? [])])

describe('the routes', () => {
  it('name the module each lazy route loads, so the build can link its CSS in the prerendered page', async () => {
    const found = lazyRoutes(routes)
    expect(found.length).toBeGreaterThan(20)
    for (const route of found) {
      const { module } = route.handle as RouteHandle
      expect(existsSync(resolve(module)), module).toBe(true)
      const load = route.lazy
      if (typeof load !== 'function') throw new Error(`${module}: lazy is not a function`)
      // The same module's page: the name is the file the route really loads (a translation's route runs its loader after its words).
      const loaded = await load()
      const mod: unknown = await import(/* @vite-ignore */ resolve(module))
      expect((loaded as { Component?: unknown }).Component, module).toBe((mod as { Component?: unknown }).Component)
    }
  })
})

describe('the routes of switched-off sections', () => {
  /** Every route's full path, `/blog/:slug`, `/enterprise` for an index. */
  const pathsOf = (list: readonly RouteObject[], base = ''): string[] =>
    list.flatMap((route) => {
      const path = route.path === undefined ? base : `${base}/${route.path}`
      return [...(route.path !== undefined || route.index ? [path || '/'] : []), ...pathsOf(route.children ?? [], path)]
    })

  it('are not there (the catch-all shows the not-found page), and a parent left with no page goes', () => {
    const all = pathsOf(routesFor(allSections))
    expect(all).toEqual(pathsOf(routes))
    expect(all).toEqual(expect.arrayContaining(['/blog', '/blog/:slug', '/enterprise', '/enterprise/jobs', '/admin', '/admin/login', '/admin/subscribers']))
    const some = pathsOf(routesFor(sectionsSchema.parse({ blog: false, admin: false, newsletter: false, enterprise: { overview: false, jobs: false } })))
    for (const gone of ['/blog', '/blog/:slug', '/enterprise', '/enterprise/jobs', '/admin', '/admin/login', '/admin/subscribers', '/newsletter']) expect(some).not.toContain(gone)
    expect(some).toEqual(expect.arrayContaining(['/', '/enterprise/support', '/enterprise/agencies/:slug', '/docs/*', '/*']))
    expect(pathsOf(routesFor(sectionsSchema.parse({ enterprise: false }))).filter((p) => p.startsWith('/enterprise'))).toEqual([])
  })
})
