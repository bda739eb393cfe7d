import type { ReactNode } from 'react'

export interface Fact {
  label: string
  value: ReactNode
  /** The full value on hover, when `value` is abbreviated (1.2k, 3 days ago). */
  title?: string
}

/**
 * A detail page's side panel: labelled facts (a module's figures, a provider's preset)
 * as a description list in a named complementary landmark.
 */
export function Facts({ label, facts }: { label: string; facts: readonly Fact[] }) {
  return (
    <aside aria-label={label} className="ui-facts">
      <dl>
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd title={fact.title}>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  )
}

/** A detail page's body beside its Facts: one column on small screens, the panel sticky on the right from 1024 px. */
export function WithFacts({ children, facts }: { children: ReactNode; facts: ReactNode }) {
  return (
    <div className="ui-with-facts">
      <div className="ui-with-facts-main">{children}</div>
      {facts}
    </div>
  )
}
