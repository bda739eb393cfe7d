import { useId } from 'react'

import { type ButtonLink, ButtonLinks } from '../button/button-links'

/** A closing panel: a heading, a line of text and its links, the first one solid. */
export function CallToAction({ title, description, links }: { title: string; description?: string | undefined; links: readonly ButtonLink[] }) {
  const id = useId()
  return (
    <section className="ui-cta" aria-labelledby={id}>
      <h2 id={id} className="ui-cta-title">
        {title}
      </h2>
      {description ? <p className="ui-cta-description">{description}</p> : null}
      <ButtonLinks links={links} className="ui-cta-links" />
    </section>
  )
}
