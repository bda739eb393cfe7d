import { lazy, Suspense, useLayoutEffect, useState } from 'react'

import { whenIdle } from '../../lib/idle'
import { Icon } from '../ui/icon'

const loadPalette = () => import('./search-palette')
const SearchPalette = lazy(loadPalette)

/**
 * The search button in the header, and meta+K (Ctrl+K) anywhere. The palette's code
 * is fetched on first use (or when the pointer heads for the button).
 */
export function SearchLauncher() {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  // Listening from the first commit: a reader may press meta+K as soon as the page shows.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        setUsed(true)
        setOpen((was) => !was)
      }
    }
    window.addEventListener('keydown', onKey)
    // Fetch the palette's code in an idle moment, so the first meta+K opens it at once.
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
        onPointerEnter={() => void loadPalette()}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        <Icon name="i-lucide-search" />
        <span className="search-button-label">Search...</span>
        <kbd aria-hidden="true">⌘K</kbd>
      </button>
      {used ? (
        <Suspense>
          <SearchPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  )
}
