import { createContext, useContext, useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react'
import { Link, useNavigate, type NavigateFunction } from 'react-router-dom'

/** One observer for every prefetching link on the page (a docs page has a hundred). */
let observer: IntersectionObserver | undefined
const onVisible = new WeakMap<Element, () => void>()

function observe(element: Element, callback: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {}
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      onVisible.get(entry.target)?.()
      observer?.unobserve(entry.target)
    }
  })
  onVisible.set(element, callback)
  observer.observe(element)
  return () => observer?.unobserve(element)
}

/** The router's `navigate`, given by the root layout (`LinkNavigation`). */
const NavigateContext = createContext<NavigateFunction | undefined>(undefined)

/**
 * Gives the links below it the router's `navigate`, which in a data router is one
 * function for the app's life: a link that reads it is not redrawn by a navigation.
 * React Router's `Link` reads the location, so each of its instances is redrawn on
 * every navigation, memoised parents or not: on a docs site of 1,000 pages, the
 * sidebar's links took a third of the time from a click to the new page.
 */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  return <NavigateContext.Provider value={navigate}>{children}</NavigateContext.Provider>
}

/** A click the app handles: the main button, no modifier (those open a tab or a window), this frame. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) && (!target || target === '_self')
}

/**
 * An internal link (`to`: a path from the site's root) that fetches its target's data
 * once it scrolls into view, so the click renders at once. `prefetch` decides what to
 * fetch and whether the connection allows it.
 *
 * Under `LinkNavigation` it is a plain anchor whose click navigates as React Router's
 * `Link` does (a link to the page being shown replaces the history entry); elsewhere
 * (a component rendered on its own) it is that `Link`.
 */
export function PrefetchLink({
  to,
  prefetch,
  children,
  onClick,
  ...rest
}: { to: string; prefetch: (to: string) => void; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const navigate = useContext(NavigateContext)
  const ref = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    return observe(element, () => prefetch(to.split('#')[0] ?? to))
  }, [to, prefetch])
  if (!navigate) {
    return (
      <Link ref={ref} to={to} onClick={onClick} {...rest}>
        {children}
      </Link>
    )
  }
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (!isPlainClick(event, rest.target)) return
    event.preventDefault()
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
    void navigate(to, { replace: here === to })
  }
  return (
    <a ref={ref} href={to} onClick={follow} {...rest}>
      {children}
    </a>
  )
}
