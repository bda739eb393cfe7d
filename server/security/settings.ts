import { z } from 'zod'

import type { SiteConfig } from '../../src/contract/site-schema'

/**
 * What the server trusts, decided once at startup from the site config and the
 * environment, never from a request: the origin readers reach the site at, and how
 * many proxies stand in front of it.
 */
export interface ServerSettings {
  /** The site's public origin: OAuth redirect URIs and email links are built on it, and it may post to the API. */
  publicUrl: URL
  /**
   * Proxies in front of the server whose `X-Forwarded-For` and `X-Forwarded-Proto`
   * are believed (0: none, the headers are ignored). Set it only when every request
   * comes through them, or any client could claim any address.
   */
  trustProxy: number
  /** Other origins allowed to send state-changing requests (site config `security.allowedOrigins`). */
  allowedOrigins: readonly string[]
}

const envSchema = z.object({
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL such as https://fjord.dev' })
    .refine((v) => !URL.canParse(v) || (new URL(v).pathname === '/' && !new URL(v).search), 'PUBLIC_URL must be an origin with no path, such as https://fjord.dev')
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})?$/, 'TRUST_PROXY must be true, false or the number of proxies in front of the server')
    .optional(),
})

export class SettingsError extends Error {
  override name = 'SettingsError'
}

/**
 * Reads PUBLIC_URL and TRUST_PROXY. Without PUBLIC_URL the public URL is the site
 * config's `brand.url`, or `localUrl` when the server only listens on loopback (a
 * local run, where links must come back to this machine).
 */
export function serverSettings(config: SiteConfig, env: Readonly<Record<string, string | undefined>> = process.env, localUrl?: string): ServerSettings {
  const parsed = envSchema.safeParse({ PUBLIC_URL: env.PUBLIC_URL || undefined, TRUST_PROXY: env.TRUST_PROXY || undefined })
  if (!parsed.success) throw new SettingsError(parsed.error.issues.map((i) => i.message).join('\n'))
  const { PUBLIC_URL, TRUST_PROXY = 'false' } = parsed.data
  return {
    publicUrl: new URL(new URL(PUBLIC_URL ?? localUrl ?? config.brand.url).origin),
    trustProxy: TRUST_PROXY === 'true' ? 1 : TRUST_PROXY === 'false' ? 0 : Number(TRUST_PROXY),
    allowedOrigins: config.security.allowedOrigins,
  }
}

/** Settings for a server built in code (tests, embedding): the site config's URL, no proxy. */
export function defaultSettings(config: SiteConfig, overrides: Partial<ServerSettings> = {}): ServerSettings {
  return { publicUrl: new URL(new URL(config.brand.url).origin), trustProxy: 0, allowedOrigins: config.security.allowedOrigins, ...overrides }
}

/** Whether a host name is this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
}
