import { useEffect, useRef, type AnchorHTMLAttributes, type ReactNode } from 'react'
import { Link } from 'react-router-dom'

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
 * An internal link that fetches its target's data once it scrolls into view, so the
 * click renders at once. `prefetch` decides what to fetch and whether the connection
 * allows it.
 */
export function PrefetchLink({
  to,
  prefetch,
  children,
  ...rest
}: { to: string; prefetch: (to: string) => void; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const ref = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    return observe(element, () => prefetch(to.split('#')[0] ?? to))
  }, [to, prefetch])
  return (
    <Link ref={ref} to={to} {...rest}>
      {children}
    </Link>
  )
}
