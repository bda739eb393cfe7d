import type { ReactNode } from 'react'

import './surround.css'

export interface SurroundLink {
  to: string
  title: string
  /** What the link is to the reader: `Previous`, `Older post`. */
  label: string
}

/** Draws one of the two links: the page's own link component, with the class and content given. */
export type RenderSurroundLink = (link: { to: string; className: string; children: ReactNode }) => ReactNode

/**
 * Previous and next under a page (a docs page, a blog post), each a link with its
 * label over the page's title; the next stays on the right when there is no previous.
 * Nothing when there is neither.
 *
 * The caller draws the links (a prefetching link, for pages of the site). This module
 * is shared by the docs page, in the main bundle, and by lazily loaded pages: importing
 * the link and prefetch modules from here made the bundler move them out of the main
 * chunk into chunks of their own, which every page then loads as extra requests.
 */
export function Surround({
  label,
  previous,
  next,
  renderLink,
  className,
}: {
  label: string
  previous?: SurroundLink
  next?: SurroundLink
  renderLink: RenderSurroundLink
  className?: string
}) {
  if (!previous && !next) return null
  const content = (link: SurroundLink) => (
    <>
      <span className="surround-label">{link.label}</span> <span className="surround-title">{link.title}</span>
    </>
  )
  return (
    <nav aria-label={label} className={['surround', className ?? ''].filter(Boolean).join(' ')}>
      {previous ? renderLink({ to: previous.to, className: 'surround-link surround-previous', children: content(previous) }) : <span />}
      {next ? renderLink({ to: next.to, className: 'surround-link surround-next', children: content(next) }) : null}
    </nav>
  )
}
