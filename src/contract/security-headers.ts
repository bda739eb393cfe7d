import type { InlineHashes } from './content/build-output.ts'
import { isSectionOn } from './sections.ts'
import type { SiteConfig } from './site-schema.ts'

/**
 * The headers the site is served with, whoever serves it: the Node server sets them on
 * every response, and the build writes them into each static host's own file
 * (content-build/outputs/host-files.ts). One list, so a host never drifts from the server.
 */

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
 * Headers on every response besides the policy: no sniffing, no framing, a strict
 * referrer, the browser features the site does not use turned off, resources for this
 * origin only. No Cross-Origin-Opener-Policy: the sign-in popup reports back to the
 * window that opened it.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
  'Permissions-Policy': [
    'accelerometer',
    'camera',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'serial',
    'usb',
    'browsing-topics',
  ]
    .map((feature) => `${feature}=()`)
    .join(', '),
}

/** Sent only over https (a browser ignores it over http, and a host without TLS must not promise it). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

/** Cache rules: hashed bundles and content named by their checksum never change; HTML, manifests and sw.js are asked again each time. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'no-cache'
/** Other static files (icons, images, feeds): an hour. */
export const CACHE_SHORT = 'public, max-age=3600'
