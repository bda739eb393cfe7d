import { useSuspenseQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'

import { Badge } from '../../../components/ui/badge/badge'
import { Button } from '../../../components/ui/button/button'
import { PageHero } from '../../../components/ui/page-hero/page-hero'
import { Section } from '../../../components/ui/section/section'
import { compactNumber, relativeTime } from '../../../lib/format'
import { usePageTitle } from '../../../lib/page-effects'
import { moduleQuery } from '../api'

/** /modules/{name}: what the module does, its figures, maintainers and links. */
export function ModulePage() {
  const name = useParams().slug ?? ''
  const module = useSuspenseQuery(moduleQuery(name)).data
  usePageTitle(module?.name)
  if (!module) return null
  const figures = [
    ['Downloads a month', compactNumber(module.stats.downloads)],
    ['Stars', compactNumber(module.stats.stars)],
    ['Updated', relativeTime(module.stats.publishedAt)],
    ['Created', relativeTime(module.stats.createdAt)],
  ] as const
  return (
    <main id="main" tabIndex={-1} className="container listing-page">
      <PageHero
        title={module.name}
        description={module.description}
        headline={
          <span className="ui-card-eyebrow">
            <img src={module.icon} alt="" width={40} height={40} className="listing-logo" />
            <Badge color="neutral">{module.category}</Badge>
            {module.type === 'official' ? <Badge>Official</Badge> : null}
          </span>
        }
      >
        <div className="ui-page-hero-links">
          <Button to={`https://github.com/${module.repo}`} icon="i-simple-icons-github">
            Repository
          </Button>
          <Button to={`https://www.npmjs.com/package/${module.npm}`} variant="outline" icon="i-lucide-package">
            {module.npm}
          </Button>
          {module.website ? (
            <Button to={module.website} variant="outline" icon="i-lucide-globe">
              Website
            </Button>
          ) : null}
        </div>
      </PageHero>
      <Section title="At a glance">
        <dl className="admin-figures">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      {module.maintainers.length ? (
        <Section title="Maintainers">
          <ul className="ui-card-eyebrow">
            {module.maintainers.map((m) => (
              <li key={m.github}>
                <a href={`https://github.com/${m.github}`} target="_blank" rel="noopener noreferrer">
                  {m.name}
                </a>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </main>
  )
}
