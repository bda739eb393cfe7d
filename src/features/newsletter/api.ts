import { apiUrl, site } from '@/config/site'
import { type ApiErrorCode, apiErrorSchema, type ConfirmRequest, INVALID_EMAIL, type SubscribeRequest, type UnsubscribeRequest } from '@/contract/api-schemas'
import { defaultLocale, localeOf } from '@/contract/locales'
import type { UiString } from '@/contract/ui-strings'
import { relativeTime } from '@/lib/format'
import { apiErrorMessage } from '@/lib/forms'
import type { Say } from '@/lib/ui-words'

export const GENERIC_FAILURE = 'Something went wrong. Please try again later.'

/** A failed call: the server's message, and what the API named the failure by (`code`, `retryAfter`). */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly code?: ApiErrorCode,
    readonly retryAfter?: number,
  ) {
    super(message)
    this.name = 'ApiFailure'
  }
}

/**
 * A failure's body, when it is the API's: its message (or `message(body)`, for a body whose
 * message is a list), its code and wait; an empty message when it is not the API's.
 */
function failureOf(body: unknown, message?: (body: unknown) => string): ApiFailure {
  const parsed = apiErrorSchema.safeParse(body)
  const text = message ? message(body) : parsed.success ? parsed.data.message : ''
  return parsed.success ? new ApiFailure(text, parsed.data.code, parsed.data.retryAfter) : new ApiFailure(text)
}

const CODE_WORDS: Record<ApiErrorCode, UiString> = {
  'already-subscribed': 'alreadySubscribed',
  'invalid-confirmation': 'invalidConfirmation',
  'invalid-unsubscribe': 'invalidUnsubscribe',
  'rate-limited': 'rateLimited',
}

/**
 * A failure in the words of the page at `path`: the two the site itself writes (SPEC's
 * invalid email, and its generic failure) are words of the interface. On a page in
 * another language, so are those the API names by code (`already-subscribed`, a wait
 * after too many attempts, in that language: `dentro de 5 minutos`). Any other, and
 * every one on a page in the default language, is the server's own, shown as it came.
 */
export function failureText(failure: Error, path: string, say: Say): string {
  if (failure.message === INVALID_EMAIL) return say('invalidEmail')
  if (failure.message === GENERIC_FAILURE) return say('genericFailure')
  const locale = localeOf(site, path)
  if (!(failure instanceof ApiFailure) || !failure.code || locale === defaultLocale(site)) return failure.message
  const now = Date.now()
  return say(CODE_WORDS[failure.code], { when: relativeTime(now + (failure.retryAfter ?? 0) * 1000, now, locale.lang) })
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(apiUrl(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
}

/**
 * `POST {api}/newsletter/subscribe` (SPEC point 7). A failure throws with the first
 * message of the JSON list in the error's `message`, else the generic message.
 */
export async function subscribe(request: SubscribeRequest): Promise<void> {
  let res: Response
  try {
    res = await post('/newsletter/subscribe', request)
  } catch {
    throw new Error(GENERIC_FAILURE)
  }
  if (res.ok) return
  const body: unknown = await res.json().catch(() => undefined)
  throw failureOf(body, (listed) => apiErrorMessage(listed, GENERIC_FAILURE))
}

/** A call whose failure throws with the server's `message`, or an empty one (the network down included). */
async function postOrThrowMessage(path: string, request: unknown): Promise<void> {
  const res = await post(path, request).catch(() => undefined)
  if (res?.ok) return
  throw failureOf(await res?.json().catch(() => undefined))
}

/** `POST {api}/newsletter/confirm`: a failure throws with the server's `message`, or an empty one. */
export const confirm = (request: ConfirmRequest) => postOrThrowMessage('/newsletter/confirm', request)

/** `POST {api}/newsletter/unsubscribe`, with the token from an email's unsubscribe link. */
export const unsubscribe = (request: UnsubscribeRequest) => postOrThrowMessage('/newsletter/unsubscribe', request)
