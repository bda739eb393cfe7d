import { mkdtemp, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { serve } from '@hono/node-server'
import { type BrowserContext, chromium, type Page } from 'playwright-core'

import { createApp } from '../server/app'
import { loadSite } from '../server/site'
import config from '../site.config'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser'

type Fetch = (request: Request) => Response | Promise<Response>

/** A built site whose network a journey can cut and bring back. */
export interface SwitchableSite {
  /** `http://127.0.0.1:<port>`: the same origin (the service worker's) across stops. */
  readonly url: string
  readonly listening: boolean
  /** Serves the build in `dist` as it is now; nothing when it already listens. */
  start(): Promise<void>
  /** The network goes: the server stops and every connection it had is closed. */
  stop(): Promise<void>
  /** Stops it for good and removes its data folder. */
  close(): Promise<void>
}

/**
 * The site in `dist` on a server of its own, as offline journeys need it: stopped, it
 * closes every open connection (a reader's network gone), and it starts again on the
 * same port. `wrap` may answer some requests itself (a changed service worker).
 */
export function switchableSite(dist: string, wrap: (app: Fetch) => Fetch = (app) => app): SwitchableSite {
  let server: Server | undefined
  let port = 0
  let dataDir = ''
  const stop = async () => {
    const running = server
    if (!running?.listening) return
    await new Promise<void>((done) => {
      running.close(() => done())
      running.closeAllConnections()
    })
  }
  return {
    get url() {
      return `http://127.0.0.1:${port}`
    },
    get listening() {
      return server?.listening ?? false
    },
    async start() {
      if (server?.listening) return
      dataDir ||= await mkdtemp(join(tmpdir(), 'fjord-offline-data-'))
      const app = createApp({ site: await loadSite(dist), config, api: { dataDir } })
      const listening = serve({ fetch: wrap(app.fetch), hostname: '127.0.0.1', port }) as Server
      await new Promise<void>((done) => listening.once('listening', done))
      server = listening
      port = (listening.address() as AddressInfo).port
    },
    stop,
    async close() {
      await stop().catch(() => undefined)
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Chromium with a profile of its own on disk (a real service worker and caches), and its first page. */
export async function persistentBrowser(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'fjord-offline-profile-'))
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], viewport: { width: 1280, height: 900 } })
  const page = context.pages()[0] ?? (await context.newPage())
  return {
    context,
    page,
    async close() {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}
