// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'

import { queryClient, resetQueryClient } from '@/lib/query-client'

import { logout, refreshSession, sessionQuery } from './api'
import { finishSignInPopup, LOGIN_MARKER_KEY, openSignInPopup, refetchSessionOnRestore } from './session'

const session = () => queryClient.getQueryData(sessionQuery().queryKey)

afterEach(() => {
  localStorage.clear()
  vi.unstubAllGlobals()
  resetQueryClient()
})

/** A window stand-in with real storage, so the popup flow's bookkeeping can be checked. */
function fakeWindow(overrides: Partial<Record<'opener' | 'name' | 'href', unknown>> = {}) {
  const listeners = new Map<string, (e: StorageEvent) => void>()
  return {
    localStorage,
    screenX: 0,
    screenY: 0,
    outerWidth: 1600,
    outerHeight: 1000,
    name: overrides.name ?? '',
    opener: overrides.opener ?? null,
    location: { href: String(overrides.href ?? 'http://localhost/admin'), assign: vi.fn() },
    open: vi.fn<(url: string, name: string, features: string) => object | null>(() => ({})),
    close: vi.fn(),
    addEventListener: (type: string, fn: (e: StorageEvent) => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    fire: (event: Partial<StorageEvent>) => listeners.get('storage')?.(event as StorageEvent),
  }
}

describe('popup sign-in', () => {
  it('opens the provider in a centred 960 × 600 popup and refetches the session when the popup reports back', async () => {
    const win = fakeWindow()
    const fetch = vi.fn(async () => Response.json({ user: { login: 'ingrid', name: 'Ingrid' } }))
    vi.stubGlobal('fetch', fetch)
    const done = vi.fn()
    openSignInPopup(win as unknown as Window, done)
    expect(localStorage.getItem(LOGIN_MARKER_KEY)).toBe('true')
    const [url, , features] = win.open.mock.calls[0] ?? []
    expect(url).toBe('/api/_auth/oauth')
    expect(features).toContain('width=960,height=600,left=320,top=200')

    win.fire({ key: 'other', newValue: null })
    expect(fetch).not.toHaveBeenCalled()
    win.fire({ key: LOGIN_MARKER_KEY, newValue: null })
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith({ user: { login: 'ingrid', name: 'Ingrid' } }))
    expect(session()?.user?.login).toBe('ingrid')
  })

  it('signs in in the same window when the popup is blocked', () => {
    const win = fakeWindow()
    win.open.mockReturnValue(null)
    openSignInPopup(win as unknown as Window)
    expect(win.location.assign).toHaveBeenCalledWith('/api/_auth/oauth')
  })

  it('in the popup at startup: removes the marker and closes, unless the URL carries an error', () => {
    localStorage.setItem(LOGIN_MARKER_KEY, 'true')
    const popup = fakeWindow({ opener: {} })
    finishSignInPopup(popup as unknown as Window)
    expect(localStorage.getItem(LOGIN_MARKER_KEY)).toBeNull()
    expect(popup.close).toHaveBeenCalled()

    localStorage.setItem(LOGIN_MARKER_KEY, 'true')
    const failed = fakeWindow({ opener: {}, href: 'http://localhost/admin/login?error=nope' })
    finishSignInPopup(failed as unknown as Window)
    expect(localStorage.getItem(LOGIN_MARKER_KEY)).toBeNull()
    expect(failed.close).not.toHaveBeenCalled()

    const plain = fakeWindow()
    finishSignInPopup(plain as unknown as Window)
    expect(plain.close).not.toHaveBeenCalled()
  })

  it('logs out with a DELETE and empties the session; a failed session fetch leaves it empty', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'DELETE' ? Response.json({}) : new Response('down', { status: 502 })))
    vi.stubGlobal('fetch', fetch)
    queryClient.setQueryData(sessionQuery().queryKey, { user: { login: 'x' } })
    await logout()
    expect(fetch).toHaveBeenCalledWith('/api/_auth/session', expect.objectContaining({ method: 'DELETE', headers: { 'Content-Type': 'application/json' } }))
    expect(session()).toEqual({})
    expect(await refreshSession()).toEqual({})
    expect(session()?.user).toBeUndefined()
  })

  it('fetches the session again when the page comes back from the back/forward cache, not on a normal load', () => {
    const refetch = vi.fn(() => Promise.resolve())
    const stop = refetchSessionOnRestore(window, refetch)
    const show = (persisted: boolean) => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }))
    show(false)
    expect(refetch).not.toHaveBeenCalled()
    show(true)
    expect(refetch).toHaveBeenCalledTimes(1)
    stop()
    show(true)
    expect(refetch).toHaveBeenCalledTimes(1)
  })
})

describe('the session offline', () => {
  it('is not asked for while the browser is offline, and is asked once the connection is back', async () => {
    const fetch = vi.fn(async () => Response.json({ user: { login: 'ingrid', name: 'Ingrid' } }))
    vi.stubGlobal('fetch', fetch)
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(await queryClient.fetchQuery(sessionQuery())).toEqual({})
    expect(fetch).not.toHaveBeenCalled()

    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(session()).toEqual({ user: { login: 'ingrid', name: 'Ingrid' } }))
    onLine.mockRestore()
  })
})
