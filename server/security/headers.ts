import type { MiddlewareHandler } from 'hono'

import { contentSecurityPolicy, SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from '../../src/contract/security-headers'
import type { SiteConfig } from '../../src/contract/site-schema'
import { isHttps } from './request'
import type { ServerSettings } from './settings'

// The policy and the header list live in the contract: the build writes the same ones into static hosts' files.
export { contentSecurityPolicy }

/**
 * Headers on every response, files and errors included: the default policy (an
 * HTML page sets its own, with its hashes), the contract's SECURITY_HEADERS (a
 * header a handler set itself is kept), and HSTS when the request came over https.
 */
export function securityHeaders(config: SiteConfig, settings: Pick<ServerSettings, 'trustProxy'>): MiddlewareHandler[] {
  const policy = contentSecurityPolicy(config)()
  const fixed = Object.entries(SECURITY_HEADERS)
  return [
    async (c, next) => {
      await next()
      const headers = c.res.headers
      for (const [name, value] of fixed) if (!headers.has(name)) headers.set(name, value)
      headers.delete('X-Powered-By')
      if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', policy)
      if (isHttps(c, settings)) headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
    },
  ]
}
