import { Suspense } from 'react'

import { MarkdownBody } from '@/components/markdown'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { type Fact, Facts, WithFacts } from '@/components/ui/facts/facts'
import { Icon } from '@/components/ui/icon'
import { PageHero } from '@/components/ui/page-hero/page-hero'
import { sitePath } from '@/config/site'
import { isPageBody } from '@/contract/content/body'
import type { Collections } from '@/contract/content/collection-types'
import { hostOf } from '@/contract/links'
import { paths } from '@/contract/paths'
import type { LoadedPage } from '@/lib/content/page'
import { trustBuildOutput } from '@/lib/content/trusted'
import { usePageTitle } from '@/lib/page-effects'

import './enterprise.css'

type AgencyRow = Collections['agencies']

const SOCIAL = [
  { key: 'github', label: 'GitHub', icon: 'i-simple-icons-github' },
  { key: 'linkedin', label: 'LinkedIn', icon: 'i-simple-icons-linkedin' },
  { key: 'x', label: 'X', icon: 'i-simple-icons-x' },
  { key: 'instagram', label: 'Instagram', icon: 'i-simple-icons-instagram' },
] as const

/**
 * /enterprise/agencies/{slug}: an agency's page. Its logo, description and contact
 * calls on top; services, regions, location, contact details, social links and
 * resources beside the body.
 */
export function AgencyPage({ loaded }: { loaded: LoadedPage }) {
  const agency = trustBuildOutput<AgencyRow>(loaded.data.page ?? {})
  usePageTitle(agency.title)
  const body = isPageBody(agency.body) ? agency.body : undefined
  const social = SOCIAL.flatMap((s) => (agency[s.key] ? [{ ...s, to: agency[s.key] ?? '' }] : []))
  const facts: Fact[] = [
    { label: 'Services', value: <BadgeList items={agency.services} /> },
    { label: 'Regions', value: <BadgeList items={agency.regions} /> },
    { label: 'Location', value: agency.location },
  ]
  if (agency.email) facts.push({ label: 'Email', value: <a href={`mailto:${agency.email}`}>{agency.email}</a> })
  if (agency.phone) facts.push({ label: 'Phone', value: <a href={`tel:${agency.phone.replace(/[^\d+]/g, '')}`}>{agency.phone}</a> })
  if (agency.link) {
    facts.push({
      label: 'Website',
      value: (
        <a href={agency.link} target="_blank" rel="noopener noreferrer">
          {hostOf(agency.link)}
        </a>
      ),
    })
  }
  if (social.length) {
    facts.push({
      label: 'Social',
      value: (
        <ul className="agency-social">
          {social.map((s) => (
            <li key={s.key}>
              <a className="icon-button" href={s.to} target="_blank" rel="noopener noreferrer" aria-label={`${agency.title} on ${s.label}`} title={s.label}>
                <Icon name={s.icon} />
              </a>
            </li>
          ))}
        </ul>
      ),
    })
  }
  if (agency.resources.length) {
    facts.push({
      label: 'Resources',
      value: (
        <ul className="agency-resources">
          {agency.resources.map((r) => (
            <li key={r.to}>
              <a href={r.to} target="_blank" rel="noopener noreferrer">
                {r.label}
              </a>
            </li>
          ))}
        </ul>
      ),
    })
  }
  return (
    <main id="main" tabIndex={-1} className="container listing-page agency-page" data-source={loaded.source}>
      <PageHero title={agency.title} description={agency.description} headline={<img src={sitePath(agency.logo)} alt="" width={56} height={56} className="agency-logo" />}>
        <div className="ui-page-hero-links">
          {agency.email ? (
            <Button to={`mailto:${agency.email}`} icon="i-lucide-mail">
              Contact {agency.title}
            </Button>
          ) : null}
          {agency.link ? (
            <Button to={agency.link} variant="outline" icon="i-lucide-external-link">
              Visit website
            </Button>
          ) : null}
          <Button to={paths.enterpriseAgencies()} variant="ghost" icon="i-lucide-arrow-left">
            All agencies
          </Button>
        </div>
      </PageHero>
      <WithFacts facts={<Facts label="Agency details" facts={facts} />}>
        {body ? (
          <Suspense>
            <MarkdownBody body={body} />
          </Suspense>
        ) : null}
      </WithFacts>
    </main>
  )
}

function BadgeList({ items }: { items: readonly string[] }) {
  return (
    <span className="agency-badges">
      {items.map((item) => (
        <Badge key={item} color="neutral">
          {item}
        </Badge>
      ))}
    </span>
  )
}
