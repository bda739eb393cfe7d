import { queryOptions } from '@tanstack/react-query'
import { create } from 'zustand'

import { site, sitePath, storageKey } from '../config/site'
import { type DraftsResponse, draftsResponseSchema, PREVIEW_COOKIE, PREVIEW_HEADER } from '../contract/api-schemas'
import { z } from '../contract/zod'
import { contentClient, queryCollection } from './content/index'
import type { PagePayload } from './content/payload'
import { queryClient } from './query-client'

/** Where the token and the preview API are kept for the tab (SPEC point 4: session storage). */
export const PREVIEW_STORAGE_KEY = storageKey('preview')

const previewSessionSchema = z.object({ token: z.string().check(z.minLength(1)), api: z.string().check(z.minLength(1)) })
export type PreviewSession = z.infer<typeof previewSessionSchema>

function storedSession(): PreviewSession | undefined {
  try {
    const text = sessionStorage.getItem(PREVIEW_STORAGE_KEY)
    return text ? previewSessionSchema.safeParse(JSON.parse(text)).data : undefined
  } catch {
    return undefined
  }
}

/** Preview mode: on (with its token and API) or off, for this tab. */
export const usePreview = create<{ session: PreviewSession | undefined }>(() => ({ session: typeof window === 'undefined' ? undefined : storedSession() }))

export class PreviewError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'PreviewError'
  }
}

/**
 * At startup, before the router reads the URL: a page opened with `?preview=<token>`
 * (when the site config has a preview API) stores the token in the previewToken cookie
 * (SameSite=None, Secure, path /) and, with the API, in session storage, and turns
 * preview mode on. The parameter leaves the URL, so the token is not shared with it.
 */
export function startPreview(win: Window = window): void {
  const api = site.preview.api
  const url = new URL(win.location.href)
  const token = url.searchParams.get('preview')
  if (!api || token === null) return
  url.searchParams.delete('preview')
  win.history.replaceState(win.history.state, '', url)
  if (!token) return
  win.document.cookie = `${PREVIEW_COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=None; Secure`
  try {
    win.sessionStorage.setItem(PREVIEW_STORAGE_KEY, JSON.stringify({ token, api }))
  } catch {
    // No session storage: preview lasts until this page is left.
  }
  usePreview.setState({ session: { token, api } })
}

/** Leaves preview mode: the cookie and the stored token go, and every draft leaves memory. */
export function exitPreview(win: Window = window): void {
  win.document.cookie = `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; SameSite=None; Secure`
  try {
    win.sessionStorage.removeItem(PREVIEW_STORAGE_KEY)
  } catch {
    // Nothing was stored.
  }
  usePreview.setState({ session: undefined })
  queryClient.removeQueries({ queryKey: ['preview'] })
  // Pages read from the drafts, and pages found missing before (a draft may be one now).
  queryClient.removeQueries({ predicate: (query) => (query.state.data as { source?: string } | null | undefined)?.source === 'draft' })
}

/** The collections with drafts, for a valid token; a wrong one is a PreviewError (401). */
export function draftsQuery(session: PreviewSession) {
  return queryOptions({
    queryKey: ['preview', 'drafts', session.api, session.token],
    queryFn: async (): Promise<DraftsResponse> => {
      const res = await fetch(`${sitePath(session.api).replace(/\/$/, '')}/drafts`, {
        credentials: 'include',
        headers: { Accept: 'application/json', [PREVIEW_HEADER]: session.token },
      }).catch(() => undefined)
      const body: unknown = await res?.json().catch(() => undefined)
      if (!res?.ok) {
        const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : 'The preview API could not be reached.'
        throw new PreviewError(res?.status ?? 0, message)
      }
      return draftsResponseSchema.parse(body)
    },
    staleTime: 60_000,
    retry: false,
  })
}

/**
 * The draft page at `path`, in preview mode: read from its collection's drafts dump in
 * the database worker. Null when preview is off, the token is refused or no draft has
 * that path.
 */
export async function draftPage(path: string): Promise<{ source: 'draft'; data: PagePayload } | null> {
  const session = usePreview.getState().session
  if (!session) return null
  const drafts = await queryClient.fetchQuery(draftsQuery(session)).catch(() => undefined)
  const found = drafts && Object.entries(drafts.collections).find(([, entry]) => entry.paths.includes(path))
  if (!found) return null
  const [collection, entry] = found
  const sql = queryCollection(collection as 'blog')
    .where('path', '=', path)
    .toSQL()
  const [page] = await contentClient.queryEntry<Record<string, unknown>>(collection, { ...entry, private: true, headers: { [PREVIEW_HEADER]: session.token } }, sql)
  return page ? { source: 'draft', data: { path, collection, page: { ...page }, surround: null } } : null
}
