import type { ReactNode } from 'react'

import { Button, type ButtonVariant } from '../button/button'

export interface HeroLink {
  label: string
  to: string
  icon?: string
  variant?: ButtonVariant
}

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
      {links.length ? (
        <div className="ui-page-hero-links">
          {links.map((link, i) => (
            <Button key={link.to} to={link.to} variant={link.variant ?? (i === 0 ? 'solid' : 'outline')} size="lg" icon={link.icon}>
              {link.label}
            </Button>
          ))}
        </div>
      ) : null}
      {children}
    </header>
  )
}
