import { afterEach, describe, expect, it, vi } from 'vitest'

import { exitPreview, PREVIEW_STORAGE_KEY, startPreview, usePreview } from './preview'

/** A window with just what preview mode touches; the cookies written are kept in order. */
function fakeWindow(href: string) {
  const cookies: string[] = []
  const storage = new Map<string, string>()
  const win = {
    location: { href },
    history: { state: { idx: 3 }, replaceState: vi.fn() },
    document: {
      set cookie(value: string) {
        cookies.push(value)
      },
    },
    sessionStorage: { setItem: (k: string, v: string) => storage.set(k, v), removeItem: (k: string) => storage.delete(k) },
  }
  return { win: win as unknown as Window, cookies, storage, replaceState: win.history.replaceState }
}

afterEach(() => usePreview.setState({ session: undefined }))

describe('preview mode', () => {
  it('keeps the token of ?preview= in the previewToken cookie and session storage, and takes it out of the URL', () => {
    const { win, cookies, storage, replaceState } = fakeWindow('https://fjord.test/blog?preview=s3cret%2B1&page=2#top')
    startPreview(win)
    expect(cookies).toEqual(['previewToken=s3cret%2B1; Path=/; SameSite=None; Secure'])
    expect(JSON.parse(storage.get(PREVIEW_STORAGE_KEY) ?? '')).toEqual({ token: 's3cret+1', api: '/api/_preview' })
    expect(String(replaceState.mock.calls[0]?.[2])).toBe('https://fjord.test/blog?page=2#top')
    expect(replaceState.mock.calls[0]?.[0]).toEqual({ idx: 3 })
    expect(usePreview.getState().session).toEqual({ token: 's3cret+1', api: '/api/_preview' })
  })

  it('does nothing without the parameter, and turns nothing on for an empty one', () => {
    const plain = fakeWindow('https://fjord.test/blog')
    startPreview(plain.win)
    expect(plain.replaceState).not.toHaveBeenCalled()
    const empty = fakeWindow('https://fjord.test/blog?preview=')
    startPreview(empty.win)
    expect(String(empty.replaceState.mock.calls[0]?.[2])).toBe('https://fjord.test/blog')
    expect(empty.cookies).toEqual([])
    expect(usePreview.getState().session).toBeUndefined()
  })

  it('on exit, expires the cookie and forgets the token', () => {
    const { win, cookies, storage } = fakeWindow('https://fjord.test/?preview=abc')
    startPreview(win)
    exitPreview(win)
    expect(cookies.at(-1)).toBe('previewToken=; Path=/; Max-Age=0; SameSite=None; Secure')
    expect(storage.has(PREVIEW_STORAGE_KEY)).toBe(false)
    expect(usePreview.getState().session).toBeUndefined()
  })
})
