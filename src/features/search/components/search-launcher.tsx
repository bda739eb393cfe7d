import { useQueryClient } from '@tanstack/react-query'
import { useEffectEvent, useLayoutEffect } from 'react'
import { useLocation } from 'react-router-dom'

import { Icon } from '@/components/ui/icon'
import { versionOf } from '@/lib/content/docs-versions'

import { searchItemsQuery } from '../api'
import { usePalette } from '../store'
import { preloadPalette, SearchDialog } from './search-dialog'

import './search.css'

/**
 * The search button in the header, and meta+K (Ctrl+K) anywhere. The dialog opens at
 * once, with its input. What it needs is fetched at the first sign the reader is about
 * to search, not with every page: the palette's code when meta (Ctrl) is held down, a
 * beat before the K, or the button is focused; what the page's docs version searches
 * (its index's head, the blog's and providers' items) with the K itself, or once the
 * pointer is on the button or touches it. Both load while the palette's code arrives.
 */
export function SearchLauncher() {
  const used = usePalette((s) => s.used)
  const setOpen = usePalette((s) => s.setOpen)
  const queryClient = useQueryClient()
  const { pathname } = useLocation()
  // The same query the palette reads (search-palette.tsx): its fetch is under way when the palette asks.
  const warm = () => {
    preloadPalette()
    void queryClient.prefetchQuery(searchItemsQuery(versionOf(pathname)?.path ?? ''))
  }
  const warmOnKey = useEffectEvent(warm)
  // Listening from the first commit: a reader may press meta+K as soon as the page shows.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Meta' || event.key === 'Control') preloadPalette()
      else if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        usePalette.getState().toggle()
        if (usePalette.getState().open) warmOnKey()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
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
          setOpen(true)
        }}
      >
        <Icon name="i-lucide-search" />
        <span className="search-button-label">Search...</span>
        <kbd aria-hidden="true">⌘K</kbd>
      </button>
      {used ? <SearchDialog /> : null}
    </>
  )
}
