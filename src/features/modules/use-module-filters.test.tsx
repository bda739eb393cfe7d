// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { URL_PUSH_AT_MOST_MS, useModuleFilters } from './use-module-filters'

function wrapper({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/modules?category=UI']}>{children}</MemoryRouter>
}

function useFiltersAndSearch() {
  const [filters, update, listShown] = useModuleFilters()
  return { filters, update, listShown, search: useLocation().search }
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
  it('starts from the URL and writes a category to it once its list is shown', () => {
    const { result } = renderHook(useFiltersAndSearch, { wrapper })
    expect(result.current.filters).toEqual({ q: '', category: 'UI' })
    act(() => result.current.update({ category: 'Payment' }))
    expect(result.current.filters.category).toBe('Payment')
    expect(result.current.search).toBe('?category=UI')
    act(() => result.current.listShown())
    expect(result.current.search).toBe('?category=Payment')
  })

  it('writes the URL by itself when the list takes too long', () => {
    vi.useFakeTimers()
    const { result } = renderHook(useFiltersAndSearch, { wrapper })
    act(() => result.current.update({ sortBy: 'stars' }))
    act(() => vi.advanceTimersByTime(URL_PUSH_AT_MOST_MS))
    expect(result.current.search).toBe('?category=UI&sortBy=stars')
  })

  // Back while the router's render of our own entry is still pending: the router's location
  // ends where it was, so only the address bar says the filters changed.
  it('takes back and forward from the address bar, even when the router location does not change', () => {
    window.history.replaceState(null, '', '/modules?category=UI')
    const { result } = renderHook(useFiltersAndSearch, { wrapper })
    act(() => result.current.update({ category: 'Payment' }))
    act(() => popTo('/modules?category=Security&q=auth'))
    expect(result.current.filters).toEqual({ q: 'auth', category: 'Security' })
    // A popstate that leaves the page is not a filter.
    act(() => popTo('/blog?category=UI'))
    expect(result.current.filters).toEqual({ q: 'auth', category: 'Security' })
  })
})
