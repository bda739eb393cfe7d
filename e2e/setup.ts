import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { serve } from '@hono/node-server'
import type { TestProject } from 'vitest/node'

import { createApp } from '../server/app'
import { ensureBuild } from '../server/freshness'
import { loadSite } from '../server/site'
import config from '../site.config'
import { createOAuthStandIn } from '../testing/oauth-provider'

const PREVIEW_TOKEN = 'e2e-preview-token'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's data folder (its database and the mail outbox). */
    dataDir: string
    baseURL: string
    /** The local stand-in OAuth provider the server signs administrators in with. */
    oauthURL: string
    /** The server's preview token (`?preview=` shows draft pages). */
    previewToken: string
  }
}

function listen(fetch: (request: Request, env: unknown) => Response | Promise<Response>): Promise<{ server: ReturnType<typeof serve>; url: string }> {
  return new Promise((done, fail) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info) => done({ server, url: `http://127.0.0.1:${info.port}` }))
    server.once('error', fail)
  })
}

/** Builds the site if it is stale and serves it on a free loopback port for the journeys. */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '..')
  await ensureBuild(root, config)
  const site = await loadSite(join(root, 'dist'))
  const oauth = createOAuthStandIn('e2e-client', 'e2e-secret')
  const provider = await listen(oauth.app.fetch)
  const dataDir = await mkdtemp(join(tmpdir(), 'fjord-e2e-data-'))
  // The app is made once the port is known: its public URL is this server's.
  const made: { app?: ReturnType<typeof createApp> } = {}
  const { server, url } = await listen((request, env) => (made.app ? made.app.fetch(request, env) : new Response('starting', { status: 503 })))
  made.app = createApp({
    site,
    config: { ...config, auth: { ...config.auth, authorizeUrl: `${provider.url}/authorize`, tokenUrl: `${provider.url}/token`, userUrl: `${provider.url}/user` } },
    // The outbox mailer logs each email's links on loopback: the journeys read the outbox instead.
    api: {
      env: { [config.auth.clientIdEnv]: 'e2e-client', [config.auth.clientSecretEnv]: 'e2e-secret', [config.preview.tokenEnv]: PREVIEW_TOKEN },
      dataDir,
      newsletter: { log: () => undefined },
    },
    settings: { publicUrl: new URL(url) },
  })
  project.provide('baseURL', url)
  project.provide('oauthURL', provider.url)
  project.provide('dataDir', dataDir)
  project.provide('previewToken', PREVIEW_TOKEN)
  return async () => {
    await Promise.all([server, provider.server].map((s) => new Promise<void>((done) => s.close(() => done()))))
    await rm(dataDir, { recursive: true, force: true })
  }
}
