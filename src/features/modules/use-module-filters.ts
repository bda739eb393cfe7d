import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router-dom'

import { filtersKey, readFilters, writeFilters, type ModuleFilters } from './filters'

/** The URL follows the search box this long after the last keystroke (the list follows at once). */
export const URL_DEBOUNCE_MS = 250
/** A category, sort or order reaches the URL once its list is on screen, or after this long at most. */
export const URL_PUSH_AT_MOST_MS = 300

/**
 * The directory's filters: state the list renders from at once, mirrored to the URL
 * query. Typing replaces the history entry once typing pauses; a category, a sort or
 * the order adds an entry as soon as its list is drawn (`listShown`), so back steps
 * through them. A URL changed from outside (back, forward, a link) becomes the state. Writing the URL is a router navigation,
 * which React renders as a transition: the list does not wait for it. `onChange` runs
 * in the event itself, before React renders (to start reading the next list).
 */
export function useModuleFilters(onChange?: (next: ModuleFilters) => void): [filters: ModuleFilters, update: (patch: Partial<ModuleFilters>) => void, listShown: () => void] {
  const [params, setParams] = useSearchParams()
  const fromUrl = useMemo(() => readFilters(params), [params])
  const [filters, setFilters] = useState(fromUrl)
  const current = useRef(filters)
  const written = useRef(filtersKey(fromUrl))
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const toPush = useRef<ModuleFilters | undefined>(undefined)

  const adopt = useCallback((next: ModuleFilters) => {
    const key = filtersKey(next)
    if (key === written.current) return
    written.current = key
    clearTimeout(pending.current)
    toPush.current = undefined
    current.current = next
    setFilters(next)
  }, [])
  useEffect(() => adopt(fromUrl), [adopt, fromUrl])
  // Back and forward, read from the address bar itself. The router renders its location in
  // a transition: when Back comes while the render of our own entry is still pending, React
  // renders only the last location, the one already on screen, and `fromUrl` never changes.
  const { pathname } = useLocation()
  useEffect(() => {
    const onPop = () => {
      if (window.location.pathname === pathname) adopt(readFilters(new URLSearchParams(window.location.search)))
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [adopt, pathname])
  useEffect(() => () => clearTimeout(pending.current), [])

  const write = useCallback(
    (next: ModuleFilters, replace: boolean) => {
      written.current = filtersKey(next)
      setParams((url) => writeFilters(next, url), { replace, preventScrollReset: true })
    },
    [setParams],
  )
  // The pushed history entry, once the list it shows is drawn (the navigation that writes it
  // re-renders the page, and must not hold the list up).
  const listShown = useCallback(() => {
    const next = toPush.current
    if (!next) return
    toPush.current = undefined
    clearTimeout(pending.current)
    write(next, false)
  }, [write])
  const update = useCallback(
    (patch: Partial<ModuleFilters>) => {
      const next = { ...current.current, ...patch }
      current.current = next
      onChange?.(next)
      setFilters(next)
      const typing = Object.keys(patch).length === 1 && 'q' in patch
      if (typing) {
        listShown()
        clearTimeout(pending.current)
        pending.current = setTimeout(() => write(next, true), URL_DEBOUNCE_MS)
      } else {
        clearTimeout(pending.current)
        toPush.current = next
        pending.current = setTimeout(listShown, URL_PUSH_AT_MOST_MS)
      }
    },
    [write, listShown, onChange],
  )
  return [filters, update, listShown]
}
