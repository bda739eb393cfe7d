import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'

import { useToasts } from '@/components/ui/toasts/store'
import { site, sitePath } from '@/config/site'
import { paths } from '@/contract/paths'
import { fetchText } from '@/lib/fetch-text'

/**
 * The logo's context menu (SPEC point 2): right-click, the context-menu key or
 * Shift+F10 on the logo opens 'Copy logo as SVG' and 'Browse design kit' (unless the
 * design kit is switched off). Arrow keys move between the items, Escape closes and
 * returns focus to the logo.
 */
export function LogoMenu({ children }: { children: (open: (at: { x: number; y: number }) => void) => ReactNode }) {
  const [position, setPosition] = useState<{ x: number; y: number } | undefined>(undefined)
  const menu = useRef<HTMLDivElement>(null)
  const opener = useRef<Element | null>(null)
  const navigate = useNavigate()
  const addToast = useToasts((s) => s.add)

  const close = (restoreFocus: boolean) => {
    setPosition(undefined)
    if (restoreFocus && opener.current instanceof HTMLElement) opener.current.focus()
  }

  useEffect(() => {
    if (!position) return
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [position])

  const copyLogo = async () => {
    close(true)
    try {
      await navigator.clipboard.writeText(await fetchText(sitePath(site.brand.logo)))
      addToast({ title: 'Logo copied as SVG', description: 'Paste it into your design tool or editor.', color: 'success' })
    } catch {
      addToast({ title: 'The logo could not be copied', description: 'Your browser did not allow access to the clipboard.', color: 'error' })
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    const index = items.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault()
      close(true)
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next = (index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length
      items[next]?.focus()
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus()
    }
  }

  return (
    <>
      {children((at) => {
        opener.current = document.activeElement
        setPosition(at)
      })}
      {position ? (
        <div ref={menu} role="menu" tabIndex={-1} aria-label="Logo" className="context-menu" style={{ left: position.x, top: position.y }} onKeyDown={onKeyDown}>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => void copyLogo()}>
            Copy logo as SVG
          </button>
          {site.sections.designKit ? (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(false)
                navigate(paths.designKit())
              }}
            >
              Browse design kit
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  )
}
