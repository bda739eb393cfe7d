import type { ReactNode } from 'react'

import { prefetchPage } from '@/lib/content/prefetch'

import { PrefetchLink } from '../ui/prefetch-link'

/** A link from content: a site path prefetches its page, an anchor stays on the page, anything else opens apart. */
export function SmartLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  if (to.startsWith('/')) {
    return (
      <PrefetchLink to={to} prefetch={prefetchPage} className={className}>
        {children}
      </PrefetchLink>
    )
  }
  if (to.startsWith('#')) {
    return (
      <a href={to} className={className}>
        {children}
      </a>
    )
  }
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  )
}
