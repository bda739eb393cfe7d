import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'

import type { RateLimit } from '../security/rate-limit'
import { clientAddress } from '../security/request'
import type { ServerSettings } from '../security/settings'
import type { SiteContent } from './site-content'
import { mcpServer } from './tools'

/** Where the site serves MCP (Model Context Protocol) for coding assistants. */
export const MCP_PATH = '/mcp'
/** An MCP request is a JSON-RPC message of a few hundred bytes: the product API's cap (MAX_API_BODY) holds them all. */
export const MAX_MCP_BODY = 4 * 1024

/** Counts one request of a client in a bucket: undefined when allowed, else the seconds to wait (SharedRateLimiter.hit). */
export type RateCounter = (bucket: string, client: string, rule: RateLimit) => Promise<number | undefined>

export interface McpRouteOptions {
  content: SiteContent
  settings: Pick<ServerSettings, 'publicUrl' | 'allowedOrigins' | 'trustProxy'>
  /** The product API's shared counters when it runs here; else the process's own. */
  count?: RateCounter
  /** Calls per client address (the API's `limits.mcp`). */
  limit: RateLimit
}

/**
 * `POST /mcp`: the site's MCP server over Streamable HTTP, stateless (no session; each
 * request is answered on its own, in JSON) and read-only, with no sign-in. The API's
 * rules hold: the body is capped, requests are counted per client address, and a
 * request that names an Origin (a browser's) must name the site's or an allowed one,
 * so no other web page can use a reader's browser to call it. GET (a stream of server
 * messages) and DELETE (a session's end) have nothing to do here: 405.
 */
export function mcpRoutes({ content, settings, count = memoryCounter(), limit }: McpRouteOptions): Hono {
  const routes = new Hono()
  routes.post(
    '/',
    async (c, next) => {
      const origin = c.req.header('origin')
      if (origin !== undefined && origin !== settings.publicUrl.origin && !settings.allowedOrigins.includes(origin)) {
        return rpcError(c, 403, `Requests from ${origin} are not allowed: this endpoint answers its own site and MCP clients.`)
      }
      const wait = await count('mcp', clientAddress(c, settings), limit)
      if (wait !== undefined) return rpcError(c, 429, `Too many requests from this address: try again in ${wait} second${wait === 1 ? '' : 's'}.`, { 'Retry-After': String(wait) })
      await next()
    },
    bodyLimit({ maxSize: MAX_MCP_BODY, onError: (c) => rpcError(c, 413, `The request body is larger than ${MAX_MCP_BODY / 1024} KB.`) }),
    async (c) => {
      content.warm()
      const server = mcpServer(content)
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
      await server.connect(transport)
      try {
        return await transport.handleRequest(c.req.raw)
      } finally {
        await server.close()
      }
    },
  )
  routes.all('/', (c) => rpcError(c, 405, 'This MCP endpoint is stateless: send each JSON-RPC request with POST.', { Allow: 'POST' }))
  return routes
}

/** A JSON-RPC error an MCP client shows as it is (the transport's own refusals have this shape too). */
function rpcError(c: Context, status: 403 | 405 | 413 | 429, message: string, headers: Record<string, string> = {}) {
  return c.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, status, { 'Cache-Control': 'no-store', ...headers })
}

/**
 * Fixed-window counts kept in this process, for a server whose product API (and its
 * database, where the counts of every server are shared) runs elsewhere.
 */
export function memoryCounter(now: () => number = Date.now): RateCounter {
  const windows = new Map<string, { count: number; ends: number }>()
  return async (bucket, client, rule) => {
    const at = now()
    const key = `${bucket}\0${client}`
    let window = windows.get(key)
    if (!window || window.ends <= at) {
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.ends <= at) windows.delete(k)
      window = { count: 0, ends: at + rule.windowMs }
      windows.set(key, window)
    }
    window.count++
    return window.count <= rule.limit ? undefined : Math.max(1, Math.ceil((window.ends - at) / 1000))
  }
}
