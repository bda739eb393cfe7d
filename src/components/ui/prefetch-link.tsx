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

/** Why a link's target is prefetched: it came into view, or the reader pointed at, touched or focused it. */
export type PrefetchReason = 'sight' | 'intent'

/**
 * An internal link (an `AppLink`) that prefetches its target once it scrolls into view
 * and again when the reader points at, touches or focuses it, so the click renders at
 * once. `prefetch` decides what each reason fetches and whether the connection allows it.
 */
export function PrefetchLink({
  to,
  prefetch,
  children,
  onPointerEnter,
  onTouchStart,
  onFocus,
  ...rest
}: { prefetch: (to: string, reason: PrefetchReason) => void } & Omit<AppLinkProps, 'ref'>) {
  const ref = useRef<HTMLAnchorElement>(null)
  const target = to.split('#')[0] ?? to
  useEffect(() => {
    const element = ref.current
    if (!element) return
    return observe(element, () => prefetch(target, 'sight'))
  }, [target, prefetch])
  // The link's own handler, then the prefetch.
  const withIntent =
    <E,>(handler: ((event: E) => void) | undefined) =>
    (event: E) => {
      handler?.(event)
      prefetch(target, 'intent')
    }
  return (
    <AppLink ref={ref} to={to} onPointerEnter={withIntent(onPointerEnter)} onTouchStart={withIntent(onTouchStart)} onFocus={withIntent(onFocus)} {...rest}>
      {children}
    </AppLink>
  )
}
