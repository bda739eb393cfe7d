import type { ReactNode } from 'react'

import { type ButtonLink, ButtonLinks } from '../button/button-links'

export type HeroLink = ButtonLink

/**
 * The top of a page: an optional headline (a badge, a date), the page's one h1, a
 * description, calls to action (the first solid, the rest outlined) and any extra
 * content (an install command, an image).
 */
export function PageHero({
  title,
  description,
  headline,
  links = [],
  children,
  align = 'start',
}: {
  title: ReactNode
  description?: ReactNode
  headline?: ReactNode
  links?: readonly HeroLink[]
  children?: ReactNode
  align?: 'start' | 'center'
}) {
  return (
    <header className={`ui-page-hero ui-align-${align}`}>
      {headline ? <div className="ui-page-hero-headline">{headline}</div> : null}
      <h1 className="ui-page-hero-title">{title}</h1>
      {description ? <p className="ui-page-hero-description">{description}</p> : null}
      <ButtonLinks links={links} className="ui-page-hero-links" />
      {children}
    </header>
  )
}
