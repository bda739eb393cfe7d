import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'

import { filtersKey, readFilters, writeFilters, type ModuleFilters } from './filters'

/** The URL follows the search box this long after the last keystroke (the list follows at once). */
export const URL_DEBOUNCE_MS = 250

/**
 * The directory's filters: state the list renders from at once, mirrored to the URL
 * query. Typing replaces the history entry once typing pauses; a category, a sort or
 * the order adds an entry at once, so back steps through them. A URL changed from outside
 * (back, forward, a link) becomes the state. Writing the URL is a router navigation,
 * which React renders as a transition: the list does not wait for it. `onChange` runs
 * in the event itself, before React renders (to start reading the next list).
 */
export function useModuleFilters(onChange?: (next: ModuleFilters) => void): [ModuleFilters, (patch: Partial<ModuleFilters>) => void] {
  const [params, setParams] = useSearchParams()
  const fromUrl = useMemo(() => readFilters(params), [params])
  const [filters, setFilters] = useState(fromUrl)
  const current = useRef(filters)
  const written = useRef(filtersKey(fromUrl))
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => {
    const key = filtersKey(fromUrl)
    if (key === written.current) return
    written.current = key
    clearTimeout(pending.current)
    current.current = fromUrl
    setFilters(fromUrl)
  }, [fromUrl])
  useEffect(() => () => clearTimeout(pending.current), [])

  const write = useCallback(
    (next: ModuleFilters, replace: boolean) => {
      written.current = filtersKey(next)
      setParams((url) => writeFilters(next, url), { replace, preventScrollReset: true })
    },
    [setParams],
  )
  const update = useCallback(
    (patch: Partial<ModuleFilters>) => {
      const next = { ...current.current, ...patch }
      current.current = next
      onChange?.(next)
      setFilters(next)
      clearTimeout(pending.current)
      const typing = Object.keys(patch).length === 1 && 'q' in patch
      if (typing) pending.current = setTimeout(() => write(next, true), URL_DEBOUNCE_MS)
      else write(next, false)
    },
    [write, onChange],
  )
  return [filters, update]
}
