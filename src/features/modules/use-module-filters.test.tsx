// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { MemoryRouter, type Navigator, Router, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { ModuleFilters } from '@/contract/content/module-filters'

import { LIST_WAIT_MS, URL_PUSH_AT_MOST_MS, useModuleFilters } from './use-module-filters'

function wrapper({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/modules?category=UI']}>{children}</MemoryRouter>
}

function useFiltersAndSearch(prepare?: (next: ModuleFilters) => Promise<unknown>) {
  const [filters, update, listShown] = useModuleFilters(prepare)
  return { filters, update, listShown, search: useLocation().search }
}

/** A list that arrives when the test says so. */
function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

function popTo(url: string) {
  window.history.replaceState(null, '', url)
  window.dispatchEvent(new PopStateEvent('popstate'))
}

afterEach(() => {
  cleanup()
  window.history.replaceState(null, '', '/')
  vi.useRealTimers()
})

describe('useModuleFilters', () => {
  it('starts from the URL and writes a category to it once its list is shown', async () => {
    const { result } = renderHook(() => useFiltersAndSearch(), { wrapper })
    expect(result.current.filters).toEqual({ q: '', category: 'UI' })
    await act(async () => result.current.update({ category: 'Payment' }))
    expect(result.current.filters.category).toBe('Payment')
    expect(result.current.search).toBe('?category=UI')
    act(() => result.current.listShown())
    expect(result.current.search).toBe('?category=Payment')
  })

  it('writes the URL by itself when the list takes too long', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useFiltersAndSearch(() => new Promise(() => {})), { wrapper })
    act(() => result.current.update({ sortBy: 'stars' }))
    act(() => vi.advanceTimersByTime(URL_PUSH_AT_MOST_MS))
    expect(result.current.search).toBe('?category=UI&sortBy=stars')
  })

  it('shows a change once its list is ready, and drops a change overtaken by a newer one', async () => {
    const lists = new Map<string, ReturnType<typeof deferred>>()
    const prepare = (next: ModuleFilters) => {
      const list = deferred()
      lists.set(next.q, list)
      return list.promise
    }
    const { result } = renderHook(() => useFiltersAndSearch(prepare), { wrapper })
    act(() => result.current.update({ q: 'p' }))
    act(() => result.current.update({ q: 'pa' }))
    expect(result.current.filters.q).toBe('')
    await act(async () => lists.get('pa')?.resolve())
    expect(result.current.filters.q).toBe('pa')
    // The list for "p" arrives last: "pa" stays.
    await act(async () => lists.get('p')?.resolve())
    expect(result.current.filters.q).toBe('pa')
  })

  it('shows a change whose list is slow after LIST_WAIT_MS, with the list still to come', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useFiltersAndSearch(() => new Promise(() => {})), { wrapper })
    act(() => result.current.update({ category: 'Payment' }))
    act(() => vi.advanceTimersByTime(LIST_WAIT_MS - 1))
    expect(result.current.filters.category).toBe('UI')
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.filters.category).toBe('Payment')
  })

  // Back while the router's render of our own entry is still pending: the router's location
  // ends where it was, so only the address bar says the filters changed.
  it('takes back and forward from the address bar, even when the router location does not change', async () => {
    window.history.replaceState(null, '', '/modules?category=UI')
    const { result } = renderHook(() => useFiltersAndSearch(), { wrapper })
    await act(async () => result.current.update({ category: 'Payment' }))
    act(() => popTo('/modules?category=Security&q=auth'))
    expect(result.current.filters).toEqual({ q: 'auth', category: 'Security' })
    // A popstate that leaves the page is not a filter.
    act(() => popTo('/blog?category=UI'))
    expect(result.current.filters).toEqual({ q: 'auth', category: 'Security' })
  })

  // Two quick changes: the router renders the first one's location after the second was
  // written (its navigation is a transition). That location is the page's own past.
  it('keeps a newer change when the router renders an older location of its own late, in any order', async () => {
    const navigations: { url: string; state: unknown }[] = []
    let goTo: (entry: { url: string; state?: unknown }) => void = () => {}
    const record = (to: Parameters<Navigator['push']>[0], state: unknown) =>
      navigations.push({ url: typeof to === 'string' ? to : `${to.pathname ?? '/modules'}${to.search ?? ''}`, state })
    const navigator: Navigator = { createHref: (to) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}`), go: () => {}, push: record, replace: record }
    // A router whose location (and its state) changes only when the test says so.
    function HandDriven({ children }: { children: ReactNode }) {
      const [entry, setEntry] = useState<{ url: string; state?: unknown }>({ url: '/modules' })
      goTo = setEntry
      const [pathname = '', search = ''] = entry.url.split('?')
      return (
        <Router location={{ pathname, search: search ? `?${search}` : '', state: entry.state }} navigator={navigator}>
          {children}
        </Router>
      )
    }
    const { result } = renderHook(() => useFiltersAndSearch(), { wrapper: HandDriven })
    await act(async () => result.current.update({ sortBy: 'publishedAt', orderBy: 'asc' }))
    act(() => result.current.listShown())
    await act(async () => result.current.update({ category: 'UI' }))
    act(() => result.current.listShown())
    expect(navigations.map((n) => n.url)).toEqual(['/modules?sortBy=publishedAt&orderBy=asc', '/modules?category=UI&sortBy=publishedAt&orderBy=asc'])
    const both = { q: '', category: 'UI', sortBy: 'publishedAt', orderBy: 'asc' }
    // The newer entry first, then the older one: neither undoes the category.
    act(() => goTo(navigations[1] ?? { url: '' }))
    expect(result.current.filters).toEqual(both)
    act(() => goTo(navigations[0] ?? { url: '' }))
    expect(result.current.filters).toEqual(both)
    // A location nobody on the page wrote (a link, say) is a change from outside.
    act(() => goTo({ url: '/modules?category=Payment' }))
    expect(result.current.filters).toEqual({ q: '', category: 'Payment' })
  })
})
