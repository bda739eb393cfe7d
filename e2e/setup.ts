import { join, resolve } from 'node:path'

import { serve } from '@hono/node-server'
import type { TestProject } from 'vitest/node'

import config from '../site.config'
import { createApp } from '../server/app'
import { ensureBuild } from '../server/freshness'
import { loadSite } from '../server/site'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

/** Builds the site if it is stale and serves it on a free loopback port for the journeys. */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '..')
  await ensureBuild(root, config)
  const site = await loadSite(join(root, 'dist'))
  const app = createApp({ site, config })
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => done(s))
  })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the test server has no TCP address')
  project.provide('baseURL', `http://127.0.0.1:${address.port}`)
  return () => new Promise<void>((done) => server.close(() => done()))
}
