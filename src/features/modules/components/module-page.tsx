import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { Link, useParams } from 'react-router-dom'

import { MarkdownBody } from '@/components/markdown'
import { Avatar } from '@/components/ui/avatar/avatar'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { CommandLine } from '@/components/ui/command-line/command-line'
import { type Fact, Facts, WithFacts } from '@/components/ui/facts/facts'
import { PageHero } from '@/components/ui/page-hero/page-hero'
import { Section } from '@/components/ui/section/section'
import { site, sitePath } from '@/config/site'
import { isPageBody } from '@/contract/content/body'
import { paths } from '@/contract/paths'
import { compactNumber, longDate, relativeTime } from '@/lib/format'
import { usePageTitle } from '@/lib/page-effects'

import { moduleQuery } from '../api'

import './modules.css'

/**
 * /modules/{name}: what the module does, how to install it, its figures, what it is
 * compatible with, its README, who maintains it and where its code lives. An unknown name is the
 * fatal 404 (the route's loader).
 */
export function ModulePage() {
  const name = useParams().slug ?? ''
  const module = useSuspenseQuery(moduleQuery(name)).data
  usePageTitle(module?.name)
  if (!module) return null
  const install = `npm install ${module.npm}`
  const config = `export default define${configName(site.brand.name)}Config({\n  modules: ['${module.npm}'],\n})`
  const facts: Fact[] = [
    { label: 'Downloads a month', value: compactNumber(module.stats.downloads), title: module.stats.downloads.toLocaleString('en-GB') },
    { label: 'GitHub stars', value: compactNumber(module.stats.stars), title: module.stats.stars.toLocaleString('en-GB') },
    { label: 'Updated', value: relativeTime(module.stats.publishedAt), title: longDate(module.stats.publishedAt) },
    { label: 'Created', value: relativeTime(module.stats.createdAt), title: longDate(module.stats.createdAt) },
    { label: 'Category', value: <Link to={`${paths.modules()}?category=${encodeURIComponent(module.category)}`}>{module.category}</Link> },
    { label: 'Type', value: module.type === 'official' ? `Official (maintained by the ${site.brand.name} team)` : 'Community' },
    { label: 'Compatibility', value: module.compatibility ? `${site.brand.name} ${module.compatibility.fjord}` : 'Not stated' },
  ]
  return (
    <main id="main" tabIndex={-1} className="container listing-page module-page">
      <PageHero
        title={module.name}
        description={module.description}
        headline={
          <span className="ui-card-eyebrow">
            <img src={sitePath(module.icon)} alt="" width={48} height={48} className="listing-logo" />
            <Badge color="neutral">{module.category}</Badge>
            {module.type === 'official' ? <Badge>Official</Badge> : null}
            {module.sponsor ? <Badge color="important">Sponsor</Badge> : null}
          </span>
        }
      >
        <div className="ui-page-hero-links">
          <Button to={`https://github.com/${module.repo}`} icon="i-simple-icons-github">
            Repository
          </Button>
          <Button to={`https://www.npmjs.com/package/${module.npm}`} variant="outline" icon="i-simple-icons-npm">
            npm
          </Button>
          {module.website ? (
            <Button to={module.website} variant="outline" icon="i-lucide-globe">
              Website
            </Button>
          ) : null}
        </div>
      </PageHero>

      <WithFacts facts={<Facts label="Module facts" facts={facts} />}>
        <Section title="Install">
          <CommandLine command={install} label="Copy install command" className="module-command" />
          <p className="muted">Then add it to the modules of your app:</p>
          <pre className="module-config" tabIndex={0}>
            <code>{config}</code>
          </pre>
        </Section>
        {module.readme && isPageBody(module.readme) ? (
          <Section title="README">
            <Suspense>
              <MarkdownBody body={module.readme} />
            </Suspense>
          </Section>
        ) : null}
        {module.maintainers.length ? (
          <Section title="Maintainers">
            <ul className="module-maintainers">
              {module.maintainers.map((m) => (
                <li key={m.github}>
                  <Avatar name={m.name} size={40} decorative />
                  <span>
                    <strong>{m.name}</strong>
                    <a href={`https://github.com/${m.github}`} target="_blank" rel="noopener noreferrer">
                      @{m.github}
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </WithFacts>
    </main>
  )
}

/** The framework's name as its config helper spells it: `define${configName('Fjord')}Config` → `defineFjordConfig`. */
function configName(brand: string): string {
  return brand
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('')
}
