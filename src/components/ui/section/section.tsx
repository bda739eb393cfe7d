import { type ReactNode, useId } from 'react'

import { Button } from '../button/button'
import { Icon } from '../icon'

/**
 * A page section with its heading: an optional headline above the title, a
 * description, then the content. Labelled by its title, so it is a landmark region.
 *
 * - `icon`: an `i-*` icon beside the heading (a support plan);
 * - `actions`: links or buttons under the description, in the header;
 * - `media`: what the section shows beside its header from 1024 px (a code example),
 *   under it on smaller screens;
 * - `id`: the section's anchor, for links to it (`#code-review`).
 */
export function Section({
  title,
  headline,
  description,
  icon,
  actions,
  media,
  children,
  headingLevel = 2,
  align = 'start',
  id,
  className,
}: {
  title: ReactNode
  headline?: ReactNode
  description?: ReactNode
  icon?: string
  actions?: ReactNode
  media?: ReactNode
  children?: ReactNode
  headingLevel?: 2 | 3
  align?: 'start' | 'center'
  id?: string
  className?: string
}) {
  const titleId = useId()
  const Heading = `h${headingLevel}` as const
  const text = (
    <>
      {headline ? <p className="ui-section-headline">{headline}</p> : null}
      <Heading id={titleId} className="ui-section-title">
        {title}
      </Heading>
      {description ? <p className="ui-section-description">{description}</p> : null}
      {actions}
    </>
  )
  return (
    <section id={id} aria-labelledby={titleId} className={['ui-section', media ? 'ui-section-split' : '', className ?? ''].filter(Boolean).join(' ')}>
      <header className={['ui-section-header', `ui-align-${align}`, icon ? 'ui-section-header-icon' : ''].filter(Boolean).join(' ')}>
        {icon ? (
          <>
            <span className="ui-section-icon" aria-hidden="true">
              <Icon name={icon} size={22} />
            </span>
            <div>{text}</div>
          </>
        ) : (
          text
        )}
      </header>
      {media ? <div className="ui-section-media">{media}</div> : null}
      {children}
    </section>
  )
}

/** A link to the rest of what a section shows a part of ("Browse all 86 modules"), centred under it. */
export function SectionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="ui-section-link">
      <Button to={to} variant="ghost" trailingIcon="i-lucide-arrow-right">
        {children}
      </Button>
    </p>
  )
}
