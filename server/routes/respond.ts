import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

import type { ApiErrorCode } from '../../src/contract/api-schemas'
import type { Newsletter } from '../newsletter/index'
import { type RateLimit, retryMessage } from '../security/rate-limit'
import { clientAddress } from '../security/request'
import type { ServerSettings } from '../security/settings'

export const NOT_JSON = 'The request body must be JSON.'

/**
 * An API error, `{statusCode, message}`, with the `code` of a failure a reader may meet
 * (so a page in another language says it in its words) and, after a 429, `retryAfter`.
 * The signup form reads its message as a JSON list of `{message}` (SPEC point 7), so
 * that route's messages are wrapped in one.
 */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  { headers, code, retryAfter }: { headers?: Record<string, string>; code?: ApiErrorCode; retryAfter?: number } = {},
): Response {
  const listed = c.req.path.endsWith('/newsletter/subscribe')
  return c.json(
    { statusCode: status, message: listed ? JSON.stringify([{ message }]) : message, ...(code ? { code } : {}), ...(retryAfter === undefined ? {} : { retryAfter }) },
    status,
    headers,
  )
}

/**
 * At most `rule` requests per client address to the endpoints of `bucket`; past it,
 * 429 with Retry-After. Counted in the server database, across every server on it.
 */
export function rateLimited(
  { bucket, rule, what }: { bucket: string; rule: RateLimit; what: string },
  settings: ServerSettings,
  newsletter: () => Promise<Newsletter>,
): MiddlewareHandler {
  return async (c, next) => {
    const wait = await (await newsletter()).rateLimits.hit(bucket, clientAddress(c, settings), rule)
    if (wait !== undefined) return apiError(c, 429, retryMessage(what, wait), { headers: { 'Retry-After': String(wait) }, code: 'rate-limited', retryAfter: wait })
    await next()
  }
}

/** The body as JSON, or `ok: false` when it is not JSON (bodyLimit has already read it, capped). */
export const readJson = (c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> =>
  c.req.json().then(
    (value: unknown) => ({ ok: true as const, value }),
    () => ({ ok: false as const }),
  )
