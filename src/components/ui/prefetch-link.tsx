import { useEffect, useRef } from 'react'

import { AppLink, type AppLinkProps } from './app-link'

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

/**
 * An internal link (an `AppLink`) that fetches its target's data once it scrolls into
 * view, so the click renders at once. `prefetch` decides what to fetch and whether the
 * connection allows it.
 */
export function PrefetchLink({ to, prefetch, children, ...rest }: { prefetch: (to: string) => void } & Omit<AppLinkProps, 'ref'>) {
  const ref = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    return observe(element, () => prefetch(to.split('#')[0] ?? to))
  }, [to, prefetch])
  return (
    <AppLink ref={ref} to={to} {...rest}>
      {children}
    </AppLink>
  )
}
