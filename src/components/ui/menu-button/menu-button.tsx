import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'

import { sitePath } from '@/config/site'

import { AppLink } from '../app-link'
import { ChevronDownIcon } from '../icons'

/** A link of the menu: a route of the app (`to`, under the site's base) or a file as it is requested (`href`). */
export interface MenuButtonItem {
  id: string
  label: string
  description?: string
  to?: string
  href?: string
}

const noSubscription = () => () => {}

const links = (root: HTMLElement | null) => [...(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]

/**
 * Whether the app draws this, rather than the build's prerender: the server snapshot is
 * the prerender's (`renderToString`), the client's the app's, which renders afresh
 * (`createRoot`) and replaces the copy rather than hydrating it.
 */
const useEnhanced = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )

function ItemContent({ item }: { item: MenuButtonItem }) {
  return (
    <>
      <span className="menu-link-label">{item.label}</span>
      {item.description ? <span className="menu-link-description">{item.description}</span> : null}
    </>
  )
}

/**
 * A menu button of links (WAI-ARIA's menu button pattern, as Radix's dropdown keeps it):
 * Enter, Space or Down Arrow opens it on its first link, Up Arrow on its last; arrows,
 * Home and End move; Escape closes it and returns focus to the button; Tab, a click
 * outside or choosing a link closes it. The build's prerender draws it as a `<details>`
 * of plain links, which opens without JavaScript; the app draws the button.
 */
export function MenuButton({
  label,
  icon,
  items,
  className,
  onOpenChange,
}: {
  label: string
  icon?: ReactNode
  items: readonly MenuButtonItem[]
  /** The button's classes (`button button-outline button-small`). */
  className?: string
  onOpenChange?: (open: boolean) => void
}) {
  const enhanced = useEnhanced()
  const [open, setOpenState] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  // Which link takes focus once the menu is drawn open.
  const focusOn = useRef<'first' | 'last' | undefined>(undefined)
  const id = useId()

  const setOpen = (next: boolean, focus?: 'first' | 'last') => {
    focusOn.current = next ? focus : undefined
    setOpenState(next)
    onOpenChange?.(next)
  }
  useEffect(() => {
    if (!open) return
    const wanted = links(root.current)
    if (focusOn.current) (focusOn.current === 'last' ? wanted[wanted.length - 1] : wanted[0])?.focus()
    focusOn.current = undefined
    const outside = (event: PointerEvent) => {
      if (!(event.target instanceof Node && root.current?.contains(event.target))) setOpenState(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const content = (
    <>
      {icon}
      {label}
      <ChevronDownIcon size={14} />
    </>
  )
  if (!enhanced) {
    return (
      <details className="menu-button">
        <summary className={className}>{content}</summary>
        <ul className="nav-panel menu-button-panel" aria-label={label}>
          {items.map((item) => (
            <li key={item.id}>
              <a href={item.href ?? sitePath(item.to ?? '')} className="menu-link">
                <ItemContent item={item} />
              </a>
            </li>
          ))}
        </ul>
      </details>
    )
  }

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = links(root.current)
    const at = all.indexOf(event.target as HTMLElement)
    const move = (index: number) => {
      event.preventDefault()
      all[(index + all.length) % all.length]?.focus()
    }
    if (event.key === 'ArrowDown') move(at + 1)
    else if (event.key === 'ArrowUp') move(at - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(all.length - 1)
    else if (event.key === 'Escape') {
      event.preventDefault()
      setOpen(false)
      button.current?.focus()
    } else if (event.key === 'Tab') setOpen(false)
  }

  return (
    <div className="menu-button" ref={root}>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open, 'first')}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            setOpen(true, event.key === 'ArrowUp' ? 'last' : 'first')
          }
        }}
      >
        {content}
      </button>
      <ul id={id} role="menu" aria-label={label} className="nav-panel menu-button-panel" hidden={!open} tabIndex={-1} onKeyDown={onMenuKey}>
        {items.map((item) => (
          <li key={item.id} role="none">
            {item.to ? (
              <AppLink to={item.to} role="menuitem" tabIndex={-1} className="menu-link" onClick={() => setOpen(false)}>
                <ItemContent item={item} />
              </AppLink>
            ) : (
              <a href={item.href} role="menuitem" tabIndex={-1} className="menu-link" onClick={() => setOpen(false)}>
                <ItemContent item={item} />
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
