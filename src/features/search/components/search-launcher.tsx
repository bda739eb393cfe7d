import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useLayoutEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'

import { Icon } from '@/components/ui/icon'
import { versionOf } from '@/lib/content/docs-versions'
import { whenIdle } from '@/lib/idle'
import { wordsFor } from '@/lib/ui-words'

import { searchItemsQuery } from '../api'
import { searchClient } from '../search-client'
import { usePalette } from '../store'
import { preloadPalette, SearchDialog } from './search-dialog'

import './search.css'

/** The page is given this long to be idle before the search worker starts anyway. */
const IDLE_WITHIN_MS = 5000

/**
 * The search button in the header, and meta+K (Ctrl+K) anywhere. The dialog opens at
 * once, with its input. What it needs is fetched at the first sign the reader is about
 * to search, not with every page: the palette's code when meta (Ctrl) is held down, a
 * beat before the K, or the button is focused; what the page's docs version searches
 * (its index's head, the blog's and providers' items) with the K itself, or once the
 * pointer is on the button or touches it. Both load while the palette's code arrives.
 */
export function SearchLauncher() {
  // The dialog is mounted from the first opening on, by state of this component's own that a layout effect's
  // subscription sets. The store's hook subscribes in a passive effect, which React runs once the page it has just drawn
  // is painted, on a busy page after keys already pressed: a meta+K the store alone saw would open the dialog only then,
  // and the letters typed meanwhile would go to the page. A state update opens it within the key's own task.
  const [used, setUsed] = useState(false)
  useLayoutEffect(() => {
    const mount = (state: { open: boolean }) => state.open && setUsed(true)
    mount(usePalette.getState())
    return usePalette.subscribe(mount)
  }, [])
  const queryClient = useQueryClient()
  const { pathname } = useLocation()
  // The same query the palette reads (search-palette.tsx): its fetch is under way when the palette asks.
  const warm = () => {
    preloadPalette()
    void queryClient.prefetchQuery(searchItemsQuery(versionOf(pathname)?.path ?? ''))
  }
  const warmOnKey = useEffectEvent(warm)
  // The search worker starts once the page is idle (its script is small), so that the first query need not start it.
  useEffect(() => whenIdle(() => searchClient.warm(), IDLE_WITHIN_MS), [])
  // Listening from the first commit: a reader may press meta+K as soon as the page shows.
  useLayoutEffect(() => {
    let frame = 0
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Meta' || event.key === 'Control') preloadPalette()
      else if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        usePalette.getState().toggle()
        // After the frame that shows the dialog (the index's head parsed in the worker meanwhile would hold it up), at the
        // start of the next: a timer would wait behind the letters typed in the meantime, which the browser takes first.
        if (usePalette.getState().open) frame = requestAnimationFrame(() => (frame = requestAnimationFrame(warmOnKey)))
      }
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      cancelAnimationFrame(frame)
    }
  }, [])
  return (
    <>
      <button
        type="button"
        className="search-button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Meta+K Control+K"
        onPointerEnter={warm}
        onTouchStart={warm}
        onFocus={preloadPalette}
        onClick={() => {
          warm()
          usePalette.getState().setOpen(true)
        }}
      >
        <Icon name="i-lucide-search" />
        <span className="search-button-label">{wordsFor(pathname)('searchButton')}</span>
        <kbd aria-hidden="true">⌘K</kbd>
      </button>
      {used ? <SearchDialog /> : null}
    </>
  )
}
