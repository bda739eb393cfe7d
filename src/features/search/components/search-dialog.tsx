import { type ComponentType, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'

import { Icon } from '@/components/ui/icon'
import { BareModal } from '@/components/ui/overlay/dialog'
import { wordsFor } from '@/lib/ui-words'

import { usePalette } from '../store'
import type { PaletteProps } from './search-palette'

type Palette = ComponentType<PaletteProps>

let loading: Promise<Palette> | undefined
/** The palette's code once it has arrived, so that later openings render it at once. */
let loaded: Palette | undefined

/** The cmdk palette's code (its own chunk), fetched once. A failed fetch may be tried again. */
function loadPalette(): Promise<Palette> {
  loading ??= import('./search-palette').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** Fetches the palette's code ahead of its opening. */
export const preloadPalette = () => void loadPalette().catch(() => undefined)

/** Where focus and the caret were in the frame drawn before the palette's code arrived. */
interface Handover {
  on: 'input' | 'close'
  start: number
  end: number
  direction: 'forward' | 'backward' | 'none'
}

/**
 * The search dialog: the UI kit's modal, open from the key press on. Until the cmdk
 * palette's code has arrived it holds the palette's input row (focused, taking what is
 * typed) above a line saying search is loading; then the palette takes over inside the
 * same open dialog, from the text typed so far, with focus and the caret where they were.
 * The swap happens in one commit, before the browser paints, so no frame shows it.
 */
export function SearchDialog() {
  const open = usePalette((s) => s.open)
  const { pathname } = useLocation()
  // A store action: the same function for the store's life, so no subscription is needed.
  const { setOpen } = usePalette.getState()
  const [Palette, setPalette] = useState(() => loaded)
  // Each opening starts afresh: from an empty query, in a palette of its own.
  const [opening, setOpening] = useState({ open, count: 0 })
  if (opening.open !== open) setOpening({ open, count: opening.count + (open ? 1 : 0) })
  const [typed, setTyped] = useState({ opening: 0, text: '' })
  const draft = typed.opening === opening.count ? typed.text : ''
  const [failedAt, setFailedAt] = useState<number>()
  const handover = useRef<Handover | undefined>(undefined)
  const frame = useRef<HTMLDivElement>(null)
  const inputId = useId()
  const listId = useId()
  // In the page's language, from the first frame: the palette's own words are the same.
  const say = wordsFor(pathname)

  // Tried again at the next opening when it failed (a connection back, say).
  const count = opening.count
  useEffect(() => {
    if (Palette) return
    let live = true
    loadPalette().then(
      (palette) => live && setPalette(() => palette),
      (error: unknown) => {
        console.error('[site] the search palette could not be loaded:', error)
        if (live) setFailedAt(count)
      },
    )
    return () => {
      live = false
    }
  }, [Palette, count])

  // The palette has just replaced the frame, or a reopening has replaced the palette:
  // focus, and the caret, go back where they were before the browser paints.
  useLayoutEffect(() => {
    const dialog = frame.current
    if (!Palette || !open || !dialog || dialog.contains(document.activeElement)) return
    const { on, start, end, direction } = handover.current ?? { on: 'input', start: draft.length, end: draft.length, direction: 'none' }
    handover.current = undefined
    if (on === 'close') dialog.querySelector<HTMLElement>('.search-close')?.focus()
    else {
      const input = dialog.querySelector<HTMLInputElement>('[data-autofocus]')
      input?.focus()
      input?.setSelectionRange(start, end, direction)
    }
    // Only a new palette or a new opening moves focus; what is typed afterwards does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Palette, open, count])

  const remember = (input: HTMLInputElement) => {
    handover.current = { on: 'input', start: input.selectionStart ?? 0, end: input.selectionEnd ?? 0, direction: input.selectionDirection ?? 'none' }
  }

  return (
    <BareModal open={open} onOpenChange={setOpen} title={say('searchLabel')} className="search-dialog">
      <div ref={frame}>
        {Palette ? (
          <Palette key={count} initialQuery={draft} />
        ) : (
          <div className="search-palette">
            <label htmlFor={inputId} className="sr-only">
              {say('searchLabel')}
            </label>
            <div className="search-input-row">
              <Icon name="i-lucide-search" />
              <input
                id={inputId}
                data-autofocus
                className="search-input"
                type="text"
                role="combobox"
                aria-expanded={false}
                aria-controls={listId}
                aria-autocomplete="list"
                autoComplete="off"
                autoCorrect="off"
                spellCheck={false}
                placeholder={say('searchPlaceholder')}
                value={draft}
                onChange={(event) => {
                  setTyped({ opening: count, text: event.target.value })
                  remember(event.target)
                }}
                onSelect={(event) => remember(event.currentTarget)}
                onFocus={(event) => remember(event.currentTarget)}
              />
              <button
                type="button"
                className="search-close"
                onFocus={() => (handover.current = { on: 'close', start: 0, end: 0, direction: 'none' })}
                onClick={() => setOpen(false)}
              >
                <span aria-hidden="true">Esc</span>
                <span className="sr-only">{say('searchClose')}</span>
              </button>
            </div>
            <div id={listId} className="search-results">
              <p className="search-empty" role="status">
                {failedAt === count ? say('searchUnavailable') : say('searchLoadingCode')}
              </p>
            </div>
          </div>
        )}
      </div>
    </BareModal>
  )
}
