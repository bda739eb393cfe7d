import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useLocation, useSearchParams } from 'react-router-dom'

import { routePath } from '@/config/site'
import { filtersKey, type ModuleFilters, readFilters, writeFilters } from '@/contract/content/module-filters'

/** The URL follows the search box this long after the last keystroke (the list follows at once). */
export const URL_DEBOUNCE_MS = 250
/** A category, sort or order reaches the URL once its list is on screen, or after this long at most. */
export const URL_PUSH_AT_MOST_MS = 300
/** A change waits this long at most for its list; after that the page shows it with the previous list, busy. */
export const LIST_WAIT_MS = 100

/** The mark of a history entry this hook wrote (in its state). */
const OWN_ENTRY = 'moduleFilters'
const isOwnEntry = (state: unknown) => typeof state === 'object' && state !== null && OWN_ENTRY in state

/** With nothing to prepare, a list is ready at once. */
const listReady = () => Promise.resolve()

/**
 * The directory's filters: the state the list renders from, mirrored to the URL query.
 *
 * A change (`update`) first asks for its list (`prepare`, in the event itself) and
 * becomes the state when that list is ready, in one synchronous render: the chips, the
 * sort and the cards change together, with no frame in between that redraws the page
 * only to mark it busy. A list slower than `LIST_WAIT_MS` shows the change at once with
 * the previous list, busy; a newer change drops an older one still waiting.
 *
 * Typing replaces the history entry once typing pauses; a category, a sort or the order
 * adds an entry as soon as its list is drawn (`listShown`), so back steps through them.
 * A URL changed from outside (back, forward, a link) becomes the state.
 */
export function useModuleFilters(
  prepare: (next: ModuleFilters) => Promise<unknown> = listReady,
): [filters: ModuleFilters, update: (patch: Partial<ModuleFilters>) => void, listShown: () => void] {
  const [params, setParams] = useSearchParams()
  const fromUrl = useMemo(() => readFilters(params), [params])
  const [filters, setFilters] = useState(fromUrl)
  /** The latest filters asked for, shown or not yet. */
  const current = useRef(filters)
  /** Counts changes, so a list that arrives after a newer change is not shown. */
  const change = useRef(0)
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const toPush = useRef<ModuleFilters | undefined>(undefined)

  const adopt = useCallback((next: ModuleFilters) => {
    if (filtersKey(next) === filtersKey(current.current)) return
    change.current++
    clearTimeout(pending.current)
    toPush.current = undefined
    current.current = next
    setFilters(next)
  }, [])
  // A location this hook wrote carries its mark in the history entry's state: the router
  // may render it after a newer change (its navigation is a transition), and it is then
  // the page's own past, not a change from outside. Back and forward are read below.
  const location = useLocation()
  const ownEntry = isOwnEntry(location.state)
  useEffect(() => {
    if (!ownEntry) adopt(fromUrl)
  }, [adopt, fromUrl, ownEntry])
  // Back and forward, read from the address bar itself. The router renders its location in
  // a transition: when Back comes while the render of our own entry is still pending, React
  // renders only the last location, the one already on screen, and `fromUrl` never changes.
  const { pathname } = location
  useEffect(() => {
    const onPop = () => {
      if (routePath(window.location.pathname) === pathname) adopt(readFilters(new URLSearchParams(window.location.search)))
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [adopt, pathname])
  useEffect(() => () => clearTimeout(pending.current), [])

  const write = useCallback(
    (next: ModuleFilters, replace: boolean) => {
      setParams((url) => writeFilters(next, url), { replace, preventScrollReset: true, state: { [OWN_ENTRY]: filtersKey(next) } })
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
      const id = ++change.current
      let shown = false
      const show = () => {
        if (shown || id !== change.current) return
        shown = true
        clearTimeout(slow)
        // Drawn now, in the task that brought the list, rather than in a later one.
        flushSync(() => setFilters(next))
      }
      const slow = setTimeout(show, LIST_WAIT_MS)
      prepare(next).then(show, show)
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
    [write, listShown, prepare],
  )
  return [filters, update, listShown]
}
