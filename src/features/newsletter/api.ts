import { apiUrl } from '@/config/site'
import { apiErrorSchema, type ConfirmRequest, type SubscribeRequest, type UnsubscribeRequest } from '@/contract/api-schemas'
import { apiErrorMessage } from '@/lib/forms'

export const GENERIC_FAILURE = 'Something went wrong. Please try again later.'

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
  if (!res.ok) throw new Error(apiErrorMessage(await res.json().catch(() => undefined), GENERIC_FAILURE))
}

/** A call whose failure throws with the server's `message`, or an empty one (the network down included). */
async function postOrThrowMessage(path: string, body: unknown): Promise<void> {
  const res = await post(path, body).catch(() => undefined)
  if (res?.ok) return
  const error = apiErrorSchema.safeParse(await res?.json().catch(() => undefined))
  throw new Error(error.success ? error.data.message : '')
}

/** `POST {api}/newsletter/confirm`: a failure throws with the server's `message`, or an empty one. */
export const confirm = (request: ConfirmRequest) => postOrThrowMessage('/newsletter/confirm', request)

/** `POST {api}/newsletter/unsubscribe`, with the token from an email's unsubscribe link. */
export const unsubscribe = (request: UnsubscribeRequest) => postOrThrowMessage('/newsletter/unsubscribe', request)
