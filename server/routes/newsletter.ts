import { Hono } from 'hono'

import { confirmRequestSchema, subscribeRequestSchema, unsubscribeRequestSchema } from '../../src/contract/api-schemas'
import { UI_STRINGS } from '../../src/contract/ui-strings'
import type { Newsletter } from '../newsletter/index'
import type { RateLimit } from '../security/rate-limit'
import type { ServerSettings } from '../security/settings'
import { apiError, NOT_JSON, rateLimited, readJson } from './respond'

/** The newsletter API's messages (the signup form and the confirmation toast show them): the interface's English words for their codes. */
export const ALREADY_SUBSCRIBED = UI_STRINGS.alreadySubscribed
export const INVALID_CONFIRMATION = UI_STRINGS.invalidConfirmation
export const INVALID_UNSUBSCRIBE = UI_STRINGS.invalidUnsubscribe

/**
 * `POST /newsletter/subscribe|confirm|unsubscribe`: the signup, its confirmation and
 * its end (server/newsletter: libSQL, a mail queue), rate limited per client address.
 */
export function newsletterRoutes({
  newsletter,
  settings,
  limits,
}: {
  newsletter: () => Promise<Newsletter>
  settings: ServerSettings
  limits: { subscribe: RateLimit; confirm: RateLimit }
}): Hono {
  const routes = new Hono()
  routes.post('/newsletter/subscribe', rateLimited({ bucket: 'subscribe', rule: limits.subscribe, what: 'signups from this address' }, settings, newsletter), async (c) => {
    const json = await readJson(c)
    if (!json.ok) return apiError(c, 400, NOT_JSON)
    const body = subscribeRequestSchema.safeParse(json.value)
    if (!body.success) return apiError(c, 400, body.error.issues[0]?.message ?? 'Please enter a valid email')
    // The parser's normalised address (src/contract/email-address.ts): the one stored and looked up.
    const { store, queue } = await newsletter()
    if ((await store.subscribe(body.data.email)) === 'already-confirmed') return apiError(c, 400, ALREADY_SUBSCRIBED, { code: 'already-subscribed' })
    queue.wake()
    return c.json({ pending: true })
  })

  routes.post('/newsletter/confirm', rateLimited({ bucket: 'confirm', rule: limits.confirm, what: 'confirmation attempts from this address' }, settings, newsletter), async (c) => {
    const json = await readJson(c)
    if (!json.ok) return apiError(c, 400, NOT_JSON)
    const body = confirmRequestSchema.safeParse(json.value)
    if (!body.success || !(await (await newsletter()).store.confirm(body.data.email, body.data.confirmation)))
      return apiError(c, 400, INVALID_CONFIRMATION, { code: 'invalid-confirmation' })
    return c.json({ confirmed: true })
  })

  routes.post(
    '/newsletter/unsubscribe',
    rateLimited({ bucket: 'unsubscribe', rule: limits.confirm, what: 'unsubscribe attempts from this address' }, settings, newsletter),
    async (c) => {
      const json = await readJson(c)
      if (!json.ok) return apiError(c, 400, NOT_JSON)
      const body = unsubscribeRequestSchema.safeParse(json.value)
      if (!body.success || !(await (await newsletter()).store.unsubscribe(body.data.token))) return apiError(c, 400, INVALID_UNSUBSCRIBE, { code: 'invalid-unsubscribe' })
      return c.json({ unsubscribed: true })
    },
  )
  return routes
}
