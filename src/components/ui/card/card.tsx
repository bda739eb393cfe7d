import type { ReactNode } from 'react'

import { sitePath } from '@/config/site'
import { isExternal } from '@/contract/links'

import { AppLink } from '../app-link'
import { Icon } from '../icon'

export interface CardProps {
  title: ReactNode
  description?: ReactNode
  /** An image above the text (a screenshot, a cover). Decorative: the title names the card. */
  image?: { src: string; width?: number; height?: number }
  /** An `i-*` icon, or an element (a logo), beside the title. */
  icon?: string | ReactNode
  /** Badges or labels above the title. */
  eyebrow?: ReactNode
  /** Authors, dates, stats: below the description. */
  footer?: ReactNode
  /** Where the whole card goes: a site path or an external URL (new tab). */
  to?: string
  /** The heading level of the title in the page's outline. */
  headingLevel?: 2 | 3 | 4
  className?: string
}

/**
 * The card's frame as class names, for a card laid out by its page (a person, a
 * quote, a sponsorship tier, a form): `padded` gives it the card's inner space, as a
 * Card's content has; `linked` its hover and focus ring, for a card that is one link.
 */
export function cardClass({ padded = false, linked = false, className }: { padded?: boolean; linked?: boolean; className?: string } = {}): string {
  return ['ui-card', linked ? 'ui-card-linked' : '', padded ? 'ui-card-padded' : '', className ?? ''].filter(Boolean).join(' ')
}

/**
 * A card: media, icon, title, description, footer. With `to` the whole card is one
 * link: the title's link stretches over the card (one tab stop, the title as its
 * name), so other text stays selectable and no link wraps block content.
 */
export function Card({ title, description, image, icon, eyebrow, footer, to, headingLevel = 3, className }: CardProps) {
  const Heading = `h${headingLevel}` as const
  const link = to ? (
    isExternal(to) ? (
      <a href={to} target="_blank" rel="noopener noreferrer" className="ui-card-link">
        {title}
      </a>
    ) : (
      <AppLink to={to} className="ui-card-link">
        {title}
      </AppLink>
    )
  ) : (
    title
  )
  return (
    <article className={cardClass({ linked: Boolean(to), className })}>
      {image ? (
        <div className="ui-card-media">
          <img src={sitePath(image.src)} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" />
        </div>
      ) : null}
      <div className="ui-card-content">
        {icon ? <div className="ui-card-icon">{typeof icon === 'string' ? <Icon name={icon} size={22} /> : icon}</div> : null}
        {eyebrow ? <div className="ui-card-eyebrow">{eyebrow}</div> : null}
        <Heading className="ui-card-title">{link}</Heading>
        {description ? <div className="ui-card-description">{description}</div> : null}
        {footer ? <div className="ui-card-footer">{footer}</div> : null}
      </div>
    </article>
  )
}
