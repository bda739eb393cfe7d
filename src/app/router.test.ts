import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

import type { RouteObject } from 'react-router-dom'
import { describe, expect, it } from 'vitest'

import { type RouteHandle, routes } from './router'

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
      // The same module object: the name is the file the route really loads.
      expect(await load(), module).toBe(await import(/* @vite-ignore */ resolve(module)))
    }
  })
})
