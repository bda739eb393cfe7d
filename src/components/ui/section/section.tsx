import { useId, type ReactNode } from 'react'

import { Button } from '../button/button'

/**
 * A page section with its heading: an optional headline above the title, a
 * description, then the content. Labelled by its title, so it is a landmark region.
 */
export function Section({
  title,
  headline,
  description,
  children,
  headingLevel = 2,
  align = 'start',
  className,
}: {
  title: ReactNode
  headline?: ReactNode
  description?: ReactNode
  children?: ReactNode
  headingLevel?: 2 | 3
  align?: 'start' | 'center'
  className?: string
}) {
  const id = useId()
  const Heading = `h${headingLevel}` as const
  return (
    <section aria-labelledby={id} className={['ui-section', className ?? ''].filter(Boolean).join(' ')}>
      <header className={`ui-section-header ui-align-${align}`}>
        {headline ? <p className="ui-section-headline">{headline}</p> : null}
        <Heading id={id} className="ui-section-title">
          {title}
        </Heading>
        {description ? <p className="ui-section-description">{description}</p> : null}
      </header>
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
