import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, type Ref, useContext } from 'react'
import { Link, type NavigateFunction, useNavigate } from 'react-router-dom'

import { routePath, sitePath } from '@/config/site'

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

export type AppLinkProps = { to: string; children: ReactNode; ref?: Ref<HTMLAnchorElement> } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>

/**
 * An internal link (`to`: a path from the site's root; its `href` is under the site's base). Under `LinkNavigation` it is a
 * plain anchor whose click navigates as React Router's `Link` does (a link to the page
 * being shown replaces the history entry), and which no navigation redraws; elsewhere
 * (a component rendered on its own) it is that `Link`.
 */
export function AppLink({ to, children, onClick, ref, ...rest }: AppLinkProps) {
  const navigate = useContext(NavigateContext)
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
    const here = `${routePath(window.location.pathname)}${window.location.search}${window.location.hash}`
    void navigate(to, { replace: here === to })
  }
  return (
    <a ref={ref} href={sitePath(to)} onClick={follow} {...rest}>
      {children}
    </a>
  )
}
