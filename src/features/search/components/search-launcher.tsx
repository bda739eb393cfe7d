import { lazy, Suspense, useLayoutEffect } from 'react'

import { Icon } from '../../../components/ui/icon'
import { whenIdle } from '../../../lib/idle'
import { usePalette } from '../store'
import './search.css'

const loadPalette = () => import('./search-palette')
const SearchPalette = lazy(loadPalette)

/**
 * The search button in the header, and meta+K (Ctrl+K) anywhere. The palette's code
 * is fetched in an idle moment after start (or when the pointer heads for the button).
 */
export function SearchLauncher() {
  const used = usePalette((s) => s.used)
  const setOpen = usePalette((s) => s.setOpen)
  // Listening from the first commit: a reader may press meta+K as soon as the page shows.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        usePalette.getState().toggle()
      }
    }
    window.addEventListener('keydown', onKey)
    whenIdle(() => void loadPalette().catch(() => undefined), 5000)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <button
        type="button"
        className="search-button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Meta+K Control+K"
        onPointerEnter={() => void loadPalette().catch(() => undefined)}
        onClick={() => setOpen(true)}
      >
        <Icon name="i-lucide-search" />
        <span className="search-button-label">Search...</span>
        <kbd aria-hidden="true">⌘K</kbd>
      </button>
      {used ? (
        <Suspense>
          <SearchPalette />
        </Suspense>
      ) : null}
    </>
  )
}
