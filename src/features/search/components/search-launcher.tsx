import { useLayoutEffect } from 'react'

import { Icon } from '@/components/ui/icon'

import { usePalette } from '../store'
import { preloadPalette, SearchDialog } from './search-dialog'

import './search.css'

/**
 * The search button in the header, and meta+K (Ctrl+K) anywhere. The dialog opens at
 * once, with its input; the palette's code is fetched at the first sign the reader is
 * about to search, not with every page: the pointer on the button, a touch or focus on
 * it, or meta (Ctrl) held down, which comes a beat before the K.
 */
export function SearchLauncher() {
  const used = usePalette((s) => s.used)
  const setOpen = usePalette((s) => s.setOpen)
  // Listening from the first commit: a reader may press meta+K as soon as the page shows.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Meta' || event.key === 'Control') preloadPalette()
      else if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        usePalette.getState().toggle()
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
        onPointerEnter={preloadPalette}
        onTouchStart={preloadPalette}
        onFocus={preloadPalette}
        onClick={() => setOpen(true)}
      >
        <Icon name="i-lucide-search" />
        <span className="search-button-label">Search...</span>
        <kbd aria-hidden="true">⌘K</kbd>
      </button>
      {used ? <SearchDialog /> : null}
    </>
  )
}
