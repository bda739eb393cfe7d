import { createHash, timingSafeEqual } from 'node:crypto'

import type { Context } from 'hono'

import type { ServerSettings } from './settings'

/** The TCP peer of the request: @hono/node-server passes the incoming message as `env.incoming`. */
function peerAddress(c: Context): string {
  const env: unknown = c.env
  if (typeof env === 'object' && env !== null && 'incoming' in env) {
    const incoming = env.incoming
    if (typeof incoming === 'object' && incoming !== null && 'socket' in incoming) {
      const socket = incoming.socket
      if (typeof socket === 'object' && socket !== null && 'remoteAddress' in socket && typeof socket.remoteAddress === 'string') return socket.remoteAddress
    }
  }
  return 'unknown'
}

/**
 * A forwarded header's value as set by the trusted proxy closest to the client: each
 * proxy appends, so the last `hops` entries are theirs and the one before is what the
 * outermost trusted proxy saw. Entries further left came from the client, unchecked.
 */
function forwarded(c: Context, header: string, hops: number): string | undefined {
  const list = (c.req.header(header) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  return list.length ? list[Math.max(0, list.length - hops)] : undefined
}

/** The client's address: the peer, or the trusted proxies' `X-Forwarded-For`. */
export function clientAddress(c: Context, settings: Pick<ServerSettings, 'trustProxy'>): string {
  if (settings.trustProxy > 0) return forwarded(c, 'x-forwarded-for', settings.trustProxy) ?? peerAddress(c)
  return peerAddress(c)
}

/**
 * The client as the query endpoint's fair queue counts it: an IPv4 address (also when
 * written as IPv6-mapped), or an IPv6 address's /64, which one subscriber's machines
 * share and from which one host can take any number of addresses.
 */
export function clientGroup(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (!address.includes(':')) return address
  const [head = '', tail] = address.split('%', 1)[0]?.split('::') ?? []
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+(?=.)/, '') || '0').toLowerCase())
    .join(':')}::/64`
}

/** Whether the client reached the site over https: directly, or at the trusted proxy. */
export function isHttps(c: Context, settings: Pick<ServerSettings, 'trustProxy'>): boolean {
  if (settings.trustProxy > 0) {
    const proto = forwarded(c, 'x-forwarded-proto', settings.trustProxy)
    if (proto) return proto.toLowerCase() === 'https'
  }
  return new URL(c.req.url).protocol === 'https:'
}

/** Whether cookies must be Secure: the site is public over https, or this request came over it. */
export function secureCookies(c: Context, settings: Pick<ServerSettings, 'trustProxy' | 'publicUrl'>): boolean {
  return settings.publicUrl.protocol === 'https:' || isHttps(c, settings)
}

/**
 * Why a state-changing request is refused, or undefined when it may go on: it must
 * come from a page of this site (the browser's `Sec-Fetch-Site: same-origin`, or an
 * `Origin` of the public URL or an allowed origin) and send JSON. A request with
 * neither header (curl, a server) is refused too: it must name its origin.
 */
export function crossSiteRefusal(c: Context, settings: Pick<ServerSettings, 'publicUrl' | 'allowedOrigins'>): string | undefined {
  const origin = c.req.header('origin')
  const sameOrigin =
    c.req.header('sec-fetch-site') === 'same-origin' || (origin !== undefined && (origin === settings.publicUrl.origin || settings.allowedOrigins.includes(origin)))
  if (!sameOrigin) return 'This request must come from a page of this site.'
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') return 'This request must send JSON (Content-Type: application/json).'
  return undefined
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether a secret a request sent equals the expected one, in constant time (hashed first: equal lengths whatever was sent). */
export function sameSecret(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected))
}
