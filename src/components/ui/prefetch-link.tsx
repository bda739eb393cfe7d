import { useEffect, useRef, type AnchorHTMLAttributes, type ReactNode } from 'react'
import { Link } from 'react-router-dom'

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
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        prefetch(to.split('#')[0] ?? to)
        observer.disconnect()
      }
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [to, prefetch])
  return (
    <Link ref={ref} to={to} {...rest}>
      {children}
    </Link>
  )
}
