import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

import type { InlineHashes } from '../../src/contract/content/build-output'
import { isSectionOn } from '../../src/contract/sections'
import type { SiteConfig } from '../../src/contract/site-schema'
import { isHttps } from './request'
import type { ServerSettings } from './settings'

const NO_INLINE: InlineHashes = { script: [], style: [] }

/** The origin of an absolute URL in the config; site paths (same origin) give nothing. */
function originOf(url: string | undefined): string[] {
  return url && /^https?:\/\//.test(url) ? [new URL(url).origin] : []
}

/**
 * The Content-Security-Policy of the site: its own origin, plus what the config
 * names (the Ask AI widget's script, the analytics endpoint, a product API on
 * another host, image origins). `wasm-unsafe-eval` lets sql.js compile its
 * WebAssembly; inline scripts and styles are allowed only by the hashes of the page
 * being served.
 */
export function contentSecurityPolicy(config: SiteConfig): (inline?: InlineHashes) => string {
  // A switched-off Ask AI loads nothing: its origin is not let in.
  const askAi = isSectionOn(config.sections, 'askAi') ? originOf(config.askAi?.scriptUrl) : []
  const connect = [...new Set([...originOf(config.api.baseUrl), ...originOf(config.preview.api), ...originOf(config.analytics?.endpoint), ...askAi])]
  const fixed: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', ...config.security.imageOrigins]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...connect]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['frame-src', askAi.length ? askAi : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]
  return (inline = NO_INLINE) =>
    [['script-src', ["'self'", "'wasm-unsafe-eval'", ...askAi, ...inline.script]] as const, ['style-src', ["'self'", ...inline.style]] as const, ...fixed]
      .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
      .join('; ')
}

/**
 * Headers on every response, files and errors included: the default policy (an
 * HTML page sets its own, with its hashes), no sniffing, no framing, a strict
 * referrer, the browser features the site does not use turned off, and HSTS when
 * the request came over https. No Cross-Origin-Opener-Policy: the sign-in popup
 * reports back to the window that opened it.
 */
export function securityHeaders(config: SiteConfig, settings: Pick<ServerSettings, 'trustProxy'>): MiddlewareHandler[] {
  const policy = contentSecurityPolicy(config)()
  return [
    secureHeaders({
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      strictTransportSecurity: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      permissionsPolicy: {
        accelerometer: [],
        camera: [],
        displayCapture: [],
        geolocation: [],
        gyroscope: [],
        hid: [],
        magnetometer: [],
        microphone: [],
        midi: [],
        payment: [],
        serial: [],
        usb: [],
        browsingTopics: [],
      },
      overwrite: false,
    }),
    async (c, next) => {
      await next()
      if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', policy)
      if (isHttps(c, settings)) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    },
  ]
}
