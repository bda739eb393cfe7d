import { useId } from 'react'

import { Button } from '../button/button'

export interface CallToActionLink {
  label: string
  to: string
  icon?: string | undefined
}

/** A closing panel: a heading, a line of text and its links, the first one solid. */
export function CallToAction({ title, description, links }: { title: string; description?: string | undefined; links: readonly CallToActionLink[] }) {
  const id = useId()
  return (
    <section className="ui-cta" aria-labelledby={id}>
      <h2 id={id} className="ui-cta-title">
        {title}
      </h2>
      {description ? <p className="ui-cta-description">{description}</p> : null}
      {links.length ? (
        <div className="ui-cta-links">
          {links.map((link, i) => (
            <Button key={link.to} to={link.to} size="lg" variant={i === 0 ? 'solid' : 'outline'} icon={link.icon}>
              {link.label}
            </Button>
          ))}
        </div>
      ) : null}
    </section>
  )
}
